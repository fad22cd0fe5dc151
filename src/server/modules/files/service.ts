import { FILE_KINDS, type FileKind } from '#shared/file-kinds';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { isFileKey, type FileStorage } from '#server/storage/storage';
import * as repo from './repository';

/** A card's uploads can be downloaded; the raw messages have their own route. */
export const DOWNLOAD_TYPES = FILE_KINDS;
export type DownloadType = FileKind;

export interface FileDeps {
  db: Db;
  storage: FileStorage;
}

const notFoundMessage = 'File not found.';

/** A stored upload of the type asked for; 404 for a key that is unknown, of another type, or gone from the store. */
export async function getFile({ db, storage }: FileDeps, key: string, type: DownloadType) {
  if (!isFileKey(key)) throw notFound(notFoundMessage);
  const file = await repo.findFile(db, key);
  if (!file || file.kind !== type) throw notFound(notFoundMessage);
  const data = await storage.get(key);
  if (!data) throw notFound(notFoundMessage);
  return { data, fileName: file.fileName, contentType: file.contentType };
}
