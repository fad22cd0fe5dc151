import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database allows one process only: a second server on the same DATA_DIR would corrupt it.
 * Takes the folder's lock (a file with our pid), or throws when a live process holds it. A lock left by a process
 * that died is taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'server.lock');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    holder = undefined;
  }
  if (holder && holder !== pid && isRunning(holder)) {
    throw new DataDirLockedError(
      `Another Dispatch server (pid ${holder}) is using ${dataDir}. Stop it, or set a different DATA_DIR.`,
    );
  }
  writeFileSync(file, `${pid}\n`, { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
