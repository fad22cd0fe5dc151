#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster (postgres-cluster.mjs), exposed as TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensurePostgresInstalled, PG_BIN, startPostgresCluster } from './postgres-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}
if (!ensurePostgresInstalled()) {
  console.error(
    `PostgreSQL 15 is missing: ${join(PG_BIN, 'initdb')} not found. Install it with: apt-get install -y postgresql-15`,
  );
  process.exit(1);
}

let cluster;
try {
  cluster = await startPostgresCluster();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

console.log(`PostgreSQL 15 on 127.0.0.1:${cluster.port}`);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
