import { piecesOf, type Bytes } from '#server/bytes';

/**
 * The bytes of messages this process has just stored, kept in memory so that the worker's first attempt of each sends
 * them without reading them back from the file store. They are the very pieces that were written under the key (a
 * send's messages share their attachments' encoded bytes), so what is sent is still the stored `.eml`. A message is
 * taken once: a later attempt reads the store as before. Bounded: at most `maxBytes` of distinct pieces (a message
 * that does not fit is not kept), each for at most `ttlMs` (a message claimed by another instance is not taken here).
 */
export interface KeptMessages {
  /** Messages whose bytes were stored under these keys, in the order they should be kept while there is room. */
  keep(messages: ReadonlyMap<string, Bytes>): void;
  /** The bytes kept under `key`, no longer kept; undefined when they are not (read the store). */
  take(key: string): Bytes | undefined;
  clear(): void;
}

export interface KeptMessagesOptions {
  maxBytes: number;
  ttlMs: number;
}

/**
 * Room for a send at the upload limits (20 MB of attachments, 27 MB encoded, shared by every message) and its messages'
 * own parts.
 */
export const KEPT_MESSAGES: KeptMessagesOptions = { maxBytes: 32 * 1024 * 1024, ttlMs: 60_000 };

export function createKeptMessages({ maxBytes, ttlMs }: KeptMessagesOptions = KEPT_MESSAGES): KeptMessages {
  const kept = new Map<string, { bytes: Bytes; until: number }>();
  // Each distinct piece held, with how many kept messages hold it: a shared attachment is counted once.
  const holders = new Map<Buffer, number>();
  let heldBytes = 0;
  let expiry: NodeJS.Timeout | undefined;

  function release(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    for (const piece of piecesOf(entry.bytes)) {
      const count = holders.get(piece)! - 1;
      if (count > 0) holders.set(piece, count);
      else {
        holders.delete(piece);
        heldBytes -= piece.length;
      }
    }
  }

  function expire() {
    expiry = undefined;
    const now = Date.now();
    // Kept in insertion order, so oldest first.
    for (const [key, { until }] of kept) {
      if (until > now) break;
      release(key);
    }
    const next = kept.values().next();
    if (!next.done) expiry = setTimeout(expire, Math.max(0, next.value.until - now)).unref();
  }

  return {
    keep(messages) {
      const until = Date.now() + ttlMs;
      for (const [key, bytes] of messages) {
        release(key);
        const pieces = piecesOf(bytes);
        const added = [...new Set(pieces)].reduce((sum, piece) => sum + (holders.has(piece) ? 0 : piece.length), 0);
        if (heldBytes + added > maxBytes) continue;
        for (const piece of pieces) holders.set(piece, (holders.get(piece) ?? 0) + 1);
        heldBytes += added;
        kept.set(key, { bytes, until });
      }
      if (kept.size > 0) expiry ??= setTimeout(expire, ttlMs).unref();
    },
    take(key) {
      const entry = kept.get(key);
      release(key);
      return entry?.bytes;
    },
    clear() {
      for (const key of [...kept.keys()]) release(key);
      clearTimeout(expiry);
      expiry = undefined;
    },
  };
}
