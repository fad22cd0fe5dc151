// A throwaway PostgreSQL 15 cluster: created in a temporary folder, started on a free loopback port as the postgres
// user, stopped and removed by stop(). Used by with-postgres.mjs (the tests) and by the benchmarks.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Installs PostgreSQL 15 with apt when running as root and it is missing; false when it is still missing. */
export function ensurePostgresInstalled() {
  if (!existsSync(join(PG_BIN, 'initdb')) && process.getuid?.() === 0) {
    console.log('Installing PostgreSQL 15...');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql-15'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // Reported by the caller.
    }
  }
  return existsSync(join(PG_BIN, 'initdb'));
}

const isRoot = process.getuid?.() === 0;
const asPostgres = (file, args) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
    : execFileSync(file, args, { stdio: 'pipe' });

/** Starts a new cluster; resolves to its URL and a synchronous stop() that also removes its folder. */
export async function startPostgresCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      try {
        asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {}
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres(join(PG_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-instructions',
    ]);
    asPostgres(join(PG_BIN, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    ]);
    started = true;
  } catch (error) {
    stop();
    throw new Error(`Could not start PostgreSQL: ${error.stderr?.toString() || error.message}`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}
