import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteSnapshot } from '../db/client';
import { createPostgresTemplate } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** The migrated database on TEST_DATABASE_URL's server that each test database is copied from; '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database of each kind once per run, so every test database starts from it: PGlite from a dump of its
 * data folder, PostgreSQL (when TEST_DATABASE_URL is set) by `CREATE DATABASE … TEMPLATE` (decision 0079).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-snapshot-'));
  const path = join(dir, 'snapshot.tar');
  const snapshot = await createPgliteSnapshot();
  writeFileSync(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
