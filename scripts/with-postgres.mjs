#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster: created in a temporary folder, started on a free
// loopback port as the postgres user, exposed as TEST_DATABASE_URL, then stopped and removed.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}
if (!existsSync(join(BIN, 'initdb')) && process.getuid?.() === 0) {
  console.log('Installing PostgreSQL 15 for the API tests...');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql-15'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    // Reported just below.
  }
}
if (!existsSync(join(BIN, 'initdb'))) {
  console.error(`PostgreSQL 15 is missing: ${BIN}/initdb not found. Install it with: apt-get install -y postgresql-15`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;
const asPostgres = (file, args) =>
  isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' }) : execFileSync(file, args, { stdio: 'pipe' });

const dir = mkdtempSync(join(tmpdir(), 'dispatch-pg-'));
chmodSync(dir, 0o777);
const dataDir = join(dir, 'data');
const port = await freePort();
let started = false;

function stop() {
  if (started) {
    try {
      asPostgres(join(BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {}
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}

try {
  asPostgres(join(BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  asPostgres(join(BIN, 'pg_ctl'), [
    '-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  started = true;
} catch (error) {
  console.error(`Could not start PostgreSQL: ${error.stderr?.toString() || error.message}`);
  stop();
  process.exit(1);
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL 15 on 127.0.0.1:${port}`);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
