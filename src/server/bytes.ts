/**
 * Bytes as one Buffer or as pieces in order. A send's messages are kept as pieces: they share their attachments'
 * encoded bytes (one copy for every vendor) instead of each holding a copy of its own; what is written or sent is the
 * pieces one after the other.
 */
export type Bytes = Buffer | readonly Buffer[];

export function byteLength(bytes: Bytes): number {
  return Buffer.isBuffer(bytes) ? bytes.length : bytes.reduce((sum, piece) => sum + piece.length, 0);
}

/** The bytes as one Buffer: a copy when they are pieces (for a reader that needs them whole). */
export function joined(bytes: Bytes): Buffer {
  if (Buffer.isBuffer(bytes)) return bytes;
  return bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes);
}

/** The pieces, one Buffer as a piece of its own. */
export function piecesOf(bytes: Bytes): readonly Buffer[] {
  return Buffer.isBuffer(bytes) ? [bytes] : bytes;
}
