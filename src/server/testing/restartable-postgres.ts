import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL 15 cluster its owner (the soak run, a test of the driver's faults) may restart or stop, as
 * scripts/with-postgres.mjs runs one for the API tests.
 */
export async function startPostgres() {
  if (!existsSync(join(BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 is missing: ${BIN}/initdb not found (apt-get install -y postgresql-15)`);
  const isRoot = process.getuid?.() === 0;
  const command = (file: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const run = (file: string, args: string[]) => execFileSync(...command(file, args), { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-soak-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) =>
    run(join(BIN, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  run(join(BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  // Durable commits (no synchronous_commit=off): a fast restart must keep every acknowledged write.
  const startOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  pgCtl('start', '-o', startOptions);
  const pgCtlAsync = (...args: string[]) =>
    promisify(execFile)(
      ...command(join(BIN, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]),
    );
  let isRunning = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this returns. */
    // Not execFileSync: the simulated users keep running (and timing their requests) while the server restarts.
    async restart() {
      await pgCtlAsync('restart', '-m', 'fast');
    },
    /** `pg_ctl stop -m fast`, the data kept: the server is away (connections refused) until `start()`. */
    async halt() {
      await pgCtlAsync('stop', '-m', 'fast');
    },
    async start() {
      await pgCtlAsync('start', '-o', startOptions);
    },
    stop() {
      if (isRunning) {
        try {
          pgCtl('stop', '-m', 'fast');
        } catch {
          // already down
        }
        isRunning = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
