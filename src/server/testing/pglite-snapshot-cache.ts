import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPgliteSnapshot } from '../db/client';
import { migrationsFolder, projectRoot } from '../paths';
import { createMigratedDataDir } from './migrated-data-dir';

const CACHE = join(projectRoot, 'node_modules', '.cache', 'dispatch-tests');

/** What a migrated database is made of: the migrations and the two packages that run them. */
export function snapshotKey(migrations = migrationsFolder): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(migrations, name)));
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(readFileSync(join(projectRoot, 'node_modules', pkg, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * `path`, made by `make(partial)` when it is not there yet: made beside it, then renamed, so that a run reading it
 * never sees half of it (and of two runs making it at once, one's is kept).
 */
async function kept(path: string, make: (partial: string) => Promise<void>): Promise<string> {
  if (existsSync(path)) return path;
  mkdirSync(CACHE, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  try {
    await make(partial);
    renameSync(partial, path);
  } catch (error) {
    if (!existsSync(path)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return path;
}

/**
 * The migrated PGlite snapshot (`createPgliteSnapshot`), made once for the migrations as they are and kept in
 * node_modules/.cache, with the migrated DATA_DIR made from it below: each phase of `npm test` that needs them (unit,
 * pg, the browser tests) and CI's second pass would otherwise spend about 10 s of one core making the same again.
 * A change to a migration, to PGlite or to drizzle-orm names other ones. Both are only read (servers copy the folder).
 */
export function cachedPgliteSnapshotPath(): Promise<string> {
  return kept(join(CACHE, `pglite-snapshot-${snapshotKey()}.tar`), async (partial) => {
    writeFileSync(partial, Buffer.from(await (await createPgliteSnapshot()).arrayBuffer()));
  });
}

/** A DATA_DIR with the migrated database (`createMigratedDataDir`), kept as the snapshot is. */
export async function cachedMigratedDataDir(): Promise<string> {
  const snapshotPath = await cachedPgliteSnapshotPath();
  return kept(join(CACHE, `migrated-data-dir-${snapshotKey()}`), async (partial) => {
    const made = await createMigratedDataDir(new Blob([readFileSync(snapshotPath)]));
    try {
      cpSync(made.dir, partial, { recursive: true });
    } finally {
      made.remove();
    }
  });
}
