import type { TestProject } from 'vitest/node';
import type { ThreadPart } from '../own-threads';
import { compileThreads } from './compiled-threads';
import { cachedMigratedDataDir, cachedPgliteSnapshotPath } from './pglite-snapshot-cache';
import { createPostgresTemplate } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder's dump; '' on a run against TEST_DATABASE_URL. */
    pgliteSnapshotPath: string;
    /** The migrated database on TEST_DATABASE_URL's server that each test database is copied from; '' without one. */
    postgresTemplate: string;
    /** A DATA_DIR with its embedded database migrated, for `startServer`'s `dataFrom` (testing/migrated-data-dir.ts). */
    migratedDataDir: string;
    /** The server's thread entries compiled for this run (compiled-threads.ts), by part. */
    compiledThreads: Record<ThreadPart, string>;
  }
}

/**
 * One migrated database of the kind the run's tests use, and every test database starts from it: PGlite from a dump of
 * its data folder (made once for the migrations as they are and kept: pglite-snapshot-cache.ts), or (TEST_DATABASE_URL
 * set) PostgreSQL by `CREATE DATABASE … TEMPLATE` of one migrated per run (decision 0079).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // On a PostgreSQL run no test database is PGlite's (test-app.ts), but the servers some tests start still may be.
  project.provide('migratedDataDir', await cachedMigratedDataDir());
  project.provide('pgliteSnapshotPath', serverUrl ? '' : await cachedPgliteSnapshotPath());
  const template = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', template?.name ?? '');
  const threads = await compileThreads();
  project.provide('compiledThreads', threads.files);
  return async () => {
    threads.remove();
    await template?.drop();
  };
}
