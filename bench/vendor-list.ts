import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { load, median, processCpuMs, type LoadResult } from './load';
import { addVendors, registerAdmin, type AuthHeader } from './seed';
import { freePort, startServer, type RunningServer } from '#server/testing/server-process';

const VENDOR_COUNT = 50;
const CONNECTIONS = 50;
const ROUNDS = 7;
/** p99 target of both lists (issue 36). */
const P99_MS = 15;
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

interface Measured extends LoadResult {
  /** The server's CPU time per answered request (µs), all its threads; undefined without /proc. */
  cpuMicros?: number;
}

async function measure(url: string, headers: Record<string, string> = {}, pid?: number): Promise<Measured> {
  const before = pid === undefined ? undefined : processCpuMs(pid);
  const result = await load(url, headers, 3, CONNECTIONS);
  const after = pid === undefined ? undefined : processCpuMs(pid);
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  const requests = result.requestsPerSecond * 3;
  return before === undefined || after === undefined || requests === 0
    ? result
    : { ...result, cpuMicros: ((after - before) * 1000) / requests };
}

const summary = (name: string, results: Measured[]) => {
  const cpu = results.map((r) => r.cpuMicros).filter((micros) => micros !== undefined);
  return (
    `${name} median ${median(results.map((r) => r.requestsPerSecond)).toFixed(0)} req/s, p99 ${median(results.map((r) => r.p99)).toFixed(0)} ms` +
    (cpu.length > 0 ? `, server CPU ${median(cpu).toFixed(0)} µs/request` : '') +
    ` (${results.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')})`
  );
};

/** The median over rounds of each round's ratio: the two figures of a round are measured a few seconds apart. */
const pairedRatio = (numerators: LoadResult[], denominators: LoadResult[]) =>
  median(numerators.map((r, i) => r.requestsPerSecond / denominators[i]!.requestsPerSecond));

/**
 * Authenticated GET /api/vendors (50 vendors, 50 connections) on PostgreSQL against a bare Fastify route answering
 * `SELECT 1` from the same database through a pool of the app's size, and the same list on the embedded database.
 * Rounds interleaved, the two servers' order swapped each round (neither always follows the other); ratios are the
 * median of each round's ratio. Each server's CPU time per request (from /proc) says whether they do the same work
 * when the machine's load moves the requests/s.
 * BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles both servers (written when they stop).
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
    // The V8 flag `npm start` gives the server (README: What runs in production). Without it V8 sizes each server's
    // young generation by what it allocated while starting: 32 MB on PostgreSQL, 16 MB on PGlite, which scavenged twice
    // as often under the same load.
    const nodeArgs = [
      '--max-semi-space-size=4',
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ];
    const onPostgres = await startServer(
      { ADMIN_EMAILS: ADMIN, DATABASE_URL: cluster.url, SECRET_KEY: 'b'.repeat(40) },
      { nodeArgs },
    );
    servers.push(onPostgres);
    const embedded = await startServer({ ADMIN_EMAILS: ADMIN }, { nodeArgs });
    servers.push(embedded);
    const postgresAuth = await seed(onPostgres);
    const embeddedAuth = await seed(embedded);
    const bareUrl = `http://127.0.0.1:${barePort}/select-1`;
    await load(bareUrl, {}, 3, CONNECTIONS);
    await load(`${onPostgres.url}/api/vendors`, postgresAuth, 3, CONNECTIONS);
    await load(`${embedded.url}/api/vendors`, embeddedAuth, 3, CONNECTIONS);
    const baseline: Measured[] = [];
    const postgresList: Measured[] = [];
    const embeddedList: Measured[] = [];
    const onPostgresList = () => measure(`${onPostgres.url}/api/vendors`, postgresAuth, onPostgres.pid);
    const onEmbeddedList = () => measure(`${embedded.url}/api/vendors`, embeddedAuth, embedded.pid);
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await measure(bareUrl, {}, bare.pid));
      if (round % 2 === 0) {
        postgresList.push(await onPostgresList());
        embeddedList.push(await onEmbeddedList());
      } else {
        embeddedList.push(await onEmbeddedList());
        postgresList.push(await onPostgresList());
      }
    }
    const p99 = (results: LoadResult[]) => median(results.map((r) => r.p99));
    const isWithin = (results: LoadResult[]) => (p99(results) <= P99_MS ? 'yes' : 'NO');
    return {
      name: `GET /api/vendors (authenticated, ${VENDOR_COUNT} vendors, ${CONNECTIONS} connections) vs a bare SELECT 1 route`,
      lines: [
        summary('bare SELECT 1 route (PostgreSQL):', baseline),
        summary('GET /api/vendors, PostgreSQL:    ', postgresList),
        summary('GET /api/vendors, PGlite:        ', embeddedList),
        `ratio PostgreSQL: ${pairedRatio(postgresList, baseline).toFixed(3)} of the bare route's throughput (target at least 1.0)`,
        `ratio PGlite: ${pairedRatio(embeddedList, postgresList).toFixed(3)} of the PostgreSQL figure (target at least 0.8)`,
        `p99 within ${P99_MS} ms: PostgreSQL ${isWithin(postgresList)}, PGlite ${isWithin(embeddedList)}`,
      ],
    };
  } finally {
    for (const server of servers) await server.stop();
    bare.kill('SIGTERM');
    if (bare.exitCode === null) await once(bare, 'exit');
    cluster.stop();
  }
}
