// `npm run backup -- FILE`: a consistent backup of the embedded database and files into FILE. A running server is
// asked through its control socket (it keeps serving meanwhile); with no server running, the folder is read directly.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { controlSocketPath } from '#server/backup/control-socket';
import { takeBackup } from '#server/backup/take-backup';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { lockDataDir } from '#server/db/data-dir-lock';
import { createMaintenanceLock } from '#server/maintenance-lock';
import { fail, run } from './cli';

async function fromRunningServer(dataDir: string, temporary: string): Promise<boolean> {
  return new Promise((done, reject) => {
    const call = request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'GET' }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`The server answered ${response.statusCode}`));
      pipeline(response, createWriteStream(temporary, { mode: 0o600 })).then(() => done(true), reject);
    });
    call.on('error', (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? done(false) : reject(error),
    );
    call.end();
  });
}

async function fromStoppedServer(dataDir: string, temporary: string): Promise<void> {
  const release = lockDataDir(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await takeBackup(database, dataDir, createMaintenanceLock(), createWriteStream(temporary, { mode: 0o600 }));
  } finally {
    await database.close();
    release();
  }
}

await run(async () => {
  const target = process.argv[2];
  if (!target) fail('Usage: npm run backup -- FILE');
  const config = loadConfig();
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: back up that PostgreSQL server with pg_dump (and the S3 bucket with its own tools); see the README.',
    );
  }
  const file = resolve(target);
  const temporary = `${file}.partial`;
  try {
    const live = await fromRunningServer(config.dataDir, temporary);
    if (!live) await fromStoppedServer(config.dataDir, temporary);
    await rename(temporary, file);
    console.log(
      `Backup of ${resolve(config.dataDir)} written to ${file} (${live ? 'from the running server' : 'server not running'}).`,
    );
    if (config.s3)
      console.log(
        'Stored files live in the S3 bucket and are not in this backup: back the bucket up with its own tools.',
      );
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
});
