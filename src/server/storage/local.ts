import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Bytes } from '#server/bytes';
import { assertFileKey, FileStoreUnavailableError, isFileKey, type FileStorage, type StoredObject } from './storage';

/** The one file-system call a put can fail in for want of space; tests pass one that fills up (ENOSPC). */
export interface LocalWrites {
  writeFile(path: string, data: Bytes, options: { mode: number }): Promise<void>;
}

/** Files under `root`, fanned out by the key's first two characters so no folder grows huge. */
export function createLocalStorage(root: string, writes: LocalWrites = { writeFile }): FileStorage {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return join(root, key.slice(0, 2), key);
  };
  let identity: Promise<string> | undefined;
  /** A failing disk or folder (full, read-only, not a folder) named, as the S3 store names a failing bucket. */
  const unavailable = (error: unknown) =>
    new FileStoreUnavailableError(
      `The file store folder ${root} failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      error,
    );
  return {
    name: 'local',
    identity: () => (identity ??= readOrCreateStoreId(root)),
    async put(key, data) {
      const path = pathOf(key);
      // Written whole or not at all: a crash mid-write never leaves half a file under the key.
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writes.writeFile(temporary, data, { mode: 0o600 });
        await rename(temporary, path);
      } catch (error) {
        // A full disk stops a write part-way: what was written of it goes too.
        await rm(temporary, { force: true }).catch(() => {});
        throw unavailable(error);
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        return await readFile(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw unavailable(error);
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true }).catch((error: unknown) => {
        throw unavailable(error);
      });
    },
    list: () => listFiles(root),
  };
}

const STORE_ID_FILE = '.store-id';

/**
 * The folder's own random id, made by the first instance that uses it: instances sharing the folder share it, one with
 * a folder of its own does not (whatever the path is called there).
 */
async function readOrCreateStoreId(root: string): Promise<string> {
  const path = join(root, STORE_ID_FILE);
  const existing = await readFile(path, 'utf8').catch(() => undefined);
  if (existing) return `local:${existing.trim()}`;
  await mkdir(root, { recursive: true, mode: 0o700 });
  // Written whole, then linked into place: a link never replaces a file, so when two instances start at once the
  // first one's id stands, and no reader sees a half-written one.
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(16).toString('hex')}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return `local:${(await readFile(path, 'utf8')).trim()}`;
}

/** Keys under `root` with their modification times (temporary files of a put in progress are not keys). */
async function* listFiles(root: string): AsyncGenerator<StoredObject> {
  const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const folder of folders) {
    if (!/^[a-f0-9]{2}$/.test(folder)) continue;
    for (const key of await readdir(join(root, folder)).catch(() => [] as string[])) {
      if (!isFileKey(key) || key.slice(0, 2) !== folder) continue;
      const info = await stat(join(root, folder, key)).catch(() => undefined);
      if (!info?.isFile()) continue;
      yield { key, modifiedAt: info.mtime };
    }
  }
}
