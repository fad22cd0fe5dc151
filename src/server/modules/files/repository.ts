import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { storedFiles } from '#server/db/schema';

export type StoredFileInsert = typeof storedFiles.$inferInsert;

export async function findFile(db: Db, key: string) {
  const [row] = await db
    .select({ kind: storedFiles.kind, fileName: storedFiles.fileName, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row;
}

/** Notes a file put in the store, inside the caller's transaction. */
export async function recordStoredFile(tx: Db | Tx, file: StoredFileInsert): Promise<void> {
  await tx.insert(storedFiles).values(file);
}

/** Notes files put in the store; a key noted already (the same bytes, kept once) stays as it is. */
export async function recordStoredFiles(tx: Db | Tx, files: readonly StoredFileInsert[]): Promise<void> {
  if (files.length > 0)
    await tx
      .insert(storedFiles)
      .values([...files])
      .onConflictDoNothing();
}

/** Forgets these files (their bytes are the caller's to delete). */
export async function forgetStoredFiles(tx: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.key, [...keys]));
}
