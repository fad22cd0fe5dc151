import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';

/**
 * A DATA_DIR whose embedded database exists and is migrated, made once (and kept: pglite-snapshot-cache.ts) and copied
 * for each server a test starts (`startServer`'s `dataFrom`): a server's first start spends about 13 s of CPU creating and migrating its
 * database, which only the tests of the first start need to see. Made from the run's migrated snapshot when there is
 * one (Vitest's global setup), else by the app's own path (initdb, then the migrations).
 */
export async function createMigratedDataDir(snapshot?: Blob): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-migrated-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db'), ...(snapshot ? { snapshot } : {}) });
  await database.close();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
