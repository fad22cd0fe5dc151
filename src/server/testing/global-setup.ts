import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteSnapshot } from '../db/client';
import { createMigratedDataDir } from './migrated-data-dir';
import { createPostgresTemplate } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder's dump; '' on a run against TEST_DATABASE_URL. */
    pgliteSnapshotPath: string;
    /** The migrated database on TEST_DATABASE_URL's server that each test database is copied from; '' without one. */
    postgresTemplate: string;
    /** A DATA_DIR with its embedded database migrated, for `startServer`'s `dataFrom` (testing/migrated-data-dir.ts). */
    migratedDataDir: string;
  }
}

/**
 * Migrates one database once per run, of the kind the run's tests use, and every test database starts from it: PGlite
 * from a dump of its data folder, or (TEST_DATABASE_URL set) PostgreSQL by `CREATE DATABASE … TEMPLATE` (decision 0079).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // On a PostgreSQL run no test database is PGlite's (test-app.ts), but the servers some tests start still may be.
  const snapshot = await createPgliteSnapshot();
  const migrated = await createMigratedDataDir(snapshot);
  project.provide('migratedDataDir', migrated.dir);
  const dir = serverUrl ? undefined : mkdtempSync(join(tmpdir(), 'dispatch-snapshot-'));
  if (dir) writeFileSync(join(dir, 'snapshot.tar'), Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', dir ? join(dir, 'snapshot.tar') : '');
  const template = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    migrated.remove();
    await template?.drop();
  };
}
