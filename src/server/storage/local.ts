import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertFileKey, type FileStorage } from './storage';

/** Files under `root`, fanned out by the key's first two characters so no folder grows huge. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return join(root, key.slice(0, 2), key);
  };
  return {
    name: 'local',
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written whole or not at all: a crash mid-write never leaves half a file under the key.
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
