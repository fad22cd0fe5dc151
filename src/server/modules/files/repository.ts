import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { storedFiles } from '#server/db/schema';

export async function findFile(db: Db, key: string) {
  const [row] = await db
    .select({ kind: storedFiles.kind, fileName: storedFiles.fileName, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row;
}
