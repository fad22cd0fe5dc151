import { randomBytes } from 'node:crypto';
import type { Bytes } from '#server/bytes';

/**
 * Where uploaded files and raw messages live (documenso's storage-provider idea): the local folder by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are opaque and random; what a key holds is recorded in the database.
 */
export interface FileStorage {
  readonly name: 'local' | 's3';
  /**
   * Which store this is, the same for every instance that reads the same files (one bucket, one shared folder): a
   * delivery records it, and only an instance whose store holds the message claims it.
   */
  identity(): Promise<string>;
  /** Writes the bytes (one Buffer, or pieces one after the other) under `key`, whole or not at all. */
  put(key: string, data: Bytes, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store with when it was written (retention finds blobs no row refers to). */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * The store could not do what was asked: unreachable, refusing our credentials, out of space. Never a missing key (get
 * answers null) nor a bad one. The message names the cause, for the log; users are told only that the store is
 * unavailable, and `consequence` (what did not happen) when the caller knows it.
 */
export class FileStoreUnavailableError extends Error {
  override readonly name = 'FileStoreUnavailableError';

  constructor(
    message: string,
    cause: unknown,
    readonly consequence?: string,
  ) {
    super(message, { cause });
  }

  /** The same failure, told with what it meant for the request ('Nothing was sent.'). */
  withConsequence(consequence: string): FileStoreUnavailableError {
    return new FileStoreUnavailableError(this.message, this.cause, consequence);
  }
}

const KEY_PATTERN = /^[a-f0-9]{32}$/;

/** 128 random bits as 32 lowercase hex characters: unguessable, and safe as a file or object name. */
export function newFileKey(): string {
  return randomBytes(16).toString('hex');
}

export function isFileKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** Refuses anything but a key we made, so no caller can reach outside the store (a path, '..', a slash). */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
}
