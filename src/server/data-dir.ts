import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files under DATA_DIR are the server account's alone: the database, uploads, messages and the secret. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** What the process creates gets no group or other permissions, including the files PGlite writes itself. */
export const PRIVATE_UMASK = 0o077;

/**
 * Takes group and other permissions away from DATA_DIR and everything in it (a folder made by hand, or by an older
 * version with the default umask). Symbolic links are left alone: what they point to is not ours to change.
 */
export function makeDataDirPrivate(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(path, PRIVATE_DIR_MODE);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if ((stats.mode & 0o077) !== 0) {
      // Keeps the owner's own bits (a read-only file stays read-only).
      chmodSync(path, stats.mode & 0o700);
    }
  };
  visit(dataDir);
}
