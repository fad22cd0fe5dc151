import { cachedMigratedDataDir } from '#server/testing/pglite-snapshot-cache';

/**
 * One migrated DATA_DIR for the run: every server a spec starts of its own copies it (e2e/own-server.ts) instead of
 * creating and migrating its database again. Kept in node_modules/.cache for the next run (pglite-snapshot-cache.ts).
 */
export default async function setup() {
  process.env.E2E_MIGRATED_DATA_DIR = await cachedMigratedDataDir();
}
