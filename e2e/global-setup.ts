import { createMigratedDataDir } from '#server/testing/migrated-data-dir';

/**
 * One migrated DATA_DIR for the run: every server a spec starts of its own copies it (e2e/own-server.ts) instead of
 * creating and migrating its database again. Removed at the end.
 */
export default async function setup() {
  const migrated = await createMigratedDataDir();
  process.env.E2E_MIGRATED_DATA_DIR = migrated.dir;
  return () => migrated.remove();
}
