import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '#server/db/client';
import type { MaintenanceLock } from '#server/maintenance-lock';
import { readSecretKey, writeBackup } from './archive';

/**
 * A consistent backup of the embedded mode: the database first, then the files, with retention held off meanwhile.
 * Every file a row of that database copy refers to was written before its row, and nothing deletes it until the
 * backup is done, so the copy finds all of them (files written later are extra, and age out as orphans).
 */
export function takeBackup(database: Database, dataDir: string, lock: MaintenanceLock, output: Writable) {
  const dump = database.dump;
  if (!dump) throw new Error('Only the embedded database is backed up this way; use pg_dump for PostgreSQL.');
  return lock.run(async () =>
    writeBackup(
      { database: await dump(), secretKey: await readSecretKey(dataDir), filesRoot: join(dataDir, 'files') },
      output,
    ),
  );
}
