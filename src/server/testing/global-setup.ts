import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteSnapshot } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}

/** Migrates one PGlite database and dumps it, so every test database starts from the dump. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-snapshot-'));
  const path = join(dir, 'snapshot.tar');
  const snapshot = await createPgliteSnapshot();
  writeFileSync(path, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
