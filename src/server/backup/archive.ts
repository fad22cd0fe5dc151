import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';

/**
 * A backup of the embedded mode: one gzipped tar holding the database (PGlite's own data-folder dump), the generated
 * secret (without it the stored Google tokens cannot be read) and every stored file, under the names they have in
 * DATA_DIR. Anyone holding it holds every send: it is written owner-only.
 */
export const DATABASE_ENTRY = 'database.tar';
export const SECRET_ENTRY = 'secret.key';
const FILE_ENTRY = /^files\/[a-f0-9]{2}\/[a-f0-9]{32}$/;

export interface BackupParts {
  database: Uint8Array;
  secretKey: Buffer | null;
  /** DATA_DIR/files; its files are added as they are when the walk reaches them. */
  filesRoot: string;
}

function addEntry(archive: Pack, name: string, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    archive.entry({ name, mode: 0o600 }, Buffer.from(data), (error) => (error ? reject(error) : resolve())),
  );
}

async function addFile(archive: Pack, name: string, path: string): Promise<void> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return; // Removed since the walk listed it (a send that failed cleaned up after itself).
  }
  await new Promise<void>((resolve, reject) => {
    const entry = archive.entry({ name, mode: 0o600, size }, (error) => (error ? reject(error) : resolve()));
    pipeline(createReadStream(path), entry).catch(reject);
  });
}

async function listStoredFiles(root: string): Promise<string[]> {
  const folders = await readdir(root).catch(() => [] as string[]);
  const names: string[] = [];
  for (const folder of folders.sort()) {
    for (const key of (await readdir(join(root, folder)).catch(() => [] as string[])).sort()) {
      const name = `files/${folder}/${key}`;
      if (FILE_ENTRY.test(name)) names.push(name);
    }
  }
  return names;
}

/** Streams the backup to `output`; resolves once all of it is written. */
export async function writeBackup(parts: BackupParts, output: Writable): Promise<{ files: number }> {
  const archive = pack();
  const written = pipeline(archive, createGzip(), output);
  await addEntry(archive, DATABASE_ENTRY, parts.database);
  if (parts.secretKey) await addEntry(archive, SECRET_ENTRY, parts.secretKey);
  const names = await listStoredFiles(parts.filesRoot);
  for (const name of names) await addFile(archive, name, join(parts.filesRoot, name.slice('files/'.length)));
  archive.finalize();
  await written;
  return { files: names.length };
}

/**
 * Unpacks a backup into `dataDir`: the stored files and the secret where the server expects them (owner-only), and
 * the database dump returned for the caller to load. Refuses any entry it did not write.
 */
export async function readBackup(input: Readable, dataDir: string): Promise<{ database: Buffer; files: number }> {
  let database: Buffer | undefined;
  let files = 0;
  const unpack = extract();
  const done = pipeline(input, createGunzip(), unpack);
  // A broken archive also ends the loop below with the same error; this keeps the promise from going unhandled.
  done.catch(() => {});
  for await (const entry of unpack) {
    const name = entry.header.name;
    if (entry.header.type !== 'file' || !(name === DATABASE_ENTRY || name === SECRET_ENTRY || FILE_ENTRY.test(name))) {
      entry.resume();
      throw new Error(`Not a Dispatch backup: unexpected entry ${JSON.stringify(name)}`);
    }
    if (name === DATABASE_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      database = Buffer.concat(chunks);
      continue;
    }
    const path = join(dataDir, name);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await pipeline(entry, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
    if (name !== SECRET_ENTRY) files += 1;
  }
  await done;
  if (!database) throw new Error('Not a Dispatch backup: it holds no database');
  return { database, files };
}

export async function readSecretKey(dataDir: string): Promise<Buffer | null> {
  return readFile(join(dataDir, SECRET_ENTRY)).catch(() => null);
}
