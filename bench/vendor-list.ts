import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { load, median, type LoadResult } from './load';
import { addVendors, registerAdmin, type AuthHeader } from './seed';
import { freePort, startServer, type RunningServer } from '#server/testing/server-process';

const VENDOR_COUNT = 50;
const CONNECTIONS = 50;
const ROUNDS = 5;
const ADMIN = 'bench@agency.test';

/** Registers the bootstrap admin, adds 50 vendors, and returns the admin's Authorization header. */
async function seed(server: RunningServer): Promise<AuthHeader> {
  const auth = await registerAdmin(server, ADMIN);
  const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, i) => `vendor${String(i).padStart(3, '0')}`);
  await addVendors(server, auth, vendorIds, (vendorId, i) => ({
    name: `Vendor ${i}`,
    emails: [`${vendorId}@vendors.test`, `ops.${vendorId}@vendors.test`],
    defaultUtmSource: 'bench',
    emailProspectingKey: `E${i}`,
    textProspectingKey: null,
  }));
  return auth;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await load(url, headers, 3, CONNECTIONS);
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return result;
}

const summary = (name: string, results: LoadResult[]) =>
  `${name} median ${median(results.map((r) => r.requestsPerSecond)).toFixed(0)} req/s, p99 ${median(results.map((r) => r.p99)).toFixed(0)} ms ` +
  `(${results.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')})`;

/**
 * Authenticated GET /api/vendors (50 vendors, 50 connections) on PostgreSQL against a bare Fastify route answering
 * `SELECT 1` from the same database through a pool of the app's size, and the same list on the embedded database.
 * Rounds interleaved; medians.
 */
export async function benchVendorList() {
  const cluster = await startPostgresCluster();
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-select-server.ts'], {
    env: { ...process.env, DATABASE_URL: cluster.url, PORT: String(barePort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const servers: RunningServer[] = [];
  try {
    await once(bare.stdout!, 'data');
    const onPostgres = await startServer({
      ADMIN_EMAILS: ADMIN,
      DATABASE_URL: cluster.url,
      SECRET_KEY: 'b'.repeat(40),
    });
    servers.push(onPostgres);
    const embedded = await startServer({ ADMIN_EMAILS: ADMIN });
    servers.push(embedded);
    const postgresAuth = await seed(onPostgres);
    const embeddedAuth = await seed(embedded);
    const bareUrl = `http://127.0.0.1:${barePort}/select-1`;
    await load(bareUrl, {}, 3, CONNECTIONS);
    await load(`${onPostgres.url}/api/vendors`, postgresAuth, 3, CONNECTIONS);
    await load(`${embedded.url}/api/vendors`, embeddedAuth, 3, CONNECTIONS);
    const baseline: LoadResult[] = [];
    const postgresList: LoadResult[] = [];
    const embeddedList: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await measure(bareUrl));
      postgresList.push(await measure(`${onPostgres.url}/api/vendors`, postgresAuth));
      embeddedList.push(await measure(`${embedded.url}/api/vendors`, embeddedAuth));
    }
    const rps = (results: LoadResult[]) => median(results.map((r) => r.requestsPerSecond));
    return {
      name: `GET /api/vendors (authenticated, ${VENDOR_COUNT} vendors, ${CONNECTIONS} connections) vs a bare SELECT 1 route`,
      lines: [
        summary('bare SELECT 1 route (PostgreSQL):', baseline),
        summary('GET /api/vendors, PostgreSQL:    ', postgresList),
        summary('GET /api/vendors, PGlite:        ', embeddedList),
        `ratio PostgreSQL: ${(rps(postgresList) / rps(baseline)).toFixed(3)} of the bare route's throughput`,
        `ratio PGlite: ${(rps(embeddedList) / rps(postgresList)).toFixed(3)} of the PostgreSQL figure`,
      ],
    };
  } finally {
    for (const server of servers) await server.stop();
    bare.kill('SIGTERM');
    if (bare.exitCode === null) await once(bare, 'exit');
    cluster.stop();
  }
}
