// `npm run restore -- FILE`: puts a backup made by `npm run backup` into an empty DATA_DIR (no server running on it).
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readBackup } from '#server/backup/archive';
import { loadConfig } from '#server/config';
import { lockDataDir } from '#server/db/data-dir-lock';
import { fail, run } from './cli';

await run(async () => {
  const source = process.argv[2];
  if (!source) fail('Usage: npm run restore -- FILE');
  const config = loadConfig();
  if (config.databaseUrl)
    fail('DATABASE_URL is set: restore that PostgreSQL server from its own backup; see the README.');
  const dataDir = resolve(config.dataDir);
  const present = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => name !== 'server.lock');
  if (present.length > 0)
    fail(`${dataDir} is not empty: restore into an empty DATA_DIR (it holds ${present.slice(0, 3).join(', ')}).`);
  const release = lockDataDir(dataDir);
  try {
    const { database, files } = await readBackup(createReadStream(resolve(source)), dataDir);
    const restored = await PGlite.create(join(dataDir, 'db'), { loadDataDir: new Blob([new Uint8Array(database)]) });
    await restored.query('select 1');
    await restored.close();
    console.log(
      `Restored ${resolve(source)} into ${dataDir}: the database and ${files} stored files. Start the server on it.`,
    );
  } catch (error) {
    // Nothing half-restored stays behind to be mistaken for a database.
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      if (name !== 'server.lock') await rm(join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  } finally {
    release();
  }
});
