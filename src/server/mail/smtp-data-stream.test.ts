import DataStream from 'nodemailer/lib/smtp-connection/data-stream';
import { afterEach, expect, it, vi } from 'vitest';
import { startSmtpSink } from '#server/testing/smtp-sink';
import { createSmtpTransport } from './smtp';
import { installFastDotStuffing, nodemailerTransform, stuffingTransform } from './smtp-data-stream';

type Transform = typeof stuffingTransform;

/** Runs chunks through a DataStream with the given transform (and nodemailer's own end of data); what it wrote. */
function through(transform: Transform, chunks: readonly (Buffer | string)[]) {
  const stream = new DataStream() as DataStream & { inByteCount: number; outByteCount: number; _flush(done: () => void): void };
  const out: Buffer[] = [];
  stream.push = (piece: Buffer | null) => {
    if (piece) out.push(Buffer.from(piece));
    return true;
  };
  for (const chunk of chunks) transform.call(stream, chunk, 'latin1', () => {});
  stream._flush(() => {});
  return { bytes: Buffer.concat(out), inBytes: stream.inByteCount, outBytes: stream.outByteCount };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

const PIECES = ['a', 'b', '.', '..', '\r', '\n', '\r\n', '\r\n.', '\n.', '\r.', 'line', '\r\r', '\n\n', '='];

afterEach(() => {
  vi.restoreAllMocks();
});

it('stuffs dots and mends line breaks exactly as nodemailer does, on random text cut in random chunks', () => {
  for (let seed = 1; seed <= 3000; seed++) {
    const next = random(seed);
    const text = Array.from({ length: next(40) }, () => PIECES[next(PIECES.length)]).join('');
    const bytes = Buffer.from(text);
    const chunks: (Buffer | string)[] = [];
    for (let at = 0; at < bytes.length; ) {
      const size = next(6);
      const piece = bytes.subarray(at, at + size);
      // Empty chunks and string chunks too, as a stream may hand over.
      chunks.push(next(5) === 0 ? piece.toString('latin1') : piece);
      at += size;
    }
    const expected = through(nodemailerTransform, chunks);
    const actual = through(stuffingTransform, chunks);
    const isSame = actual.bytes.equals(expected.bytes) && actual.inBytes === expected.inBytes && actual.outBytes === expected.outBytes;
    if (!isSame) expect({ seed, text: JSON.stringify(text), ...actual }).toEqual({ seed, text: JSON.stringify(text), ...expected });
  }
});

it('writes the same bytes as nodemailer for a whole composed message with a dot at the start of lines', () => {
  const message = Buffer.from(
    ['From: a@agency.test', 'Subject: Dots', '', '.first line', 'a line', '.', '..two', 'bare\nlf', 'bare\rcr', '.end'].join('\r\n'),
  );
  const expected = through(nodemailerTransform, [message]);
  expect(through(stuffingTransform, [message])).toEqual(expected);
  expect(expected.bytes.toString()).toContain('\r\n..first line\r\n');
  expect(expected.bytes.toString()).toContain('\r\n..\r\n...two\r\n');
});

it("is the transform of the DataStream nodemailer's SMTP connection sends through, and the message arrives whole", async () => {
  installFastDotStuffing();
  expect((DataStream.prototype as unknown as { _transform: Transform })._transform).toBe(stuffingTransform);
  const spy = vi.spyOn(DataStream.prototype as unknown as { _transform: Transform }, '_transform');
  const sink = await startSmtpSink();
  const transport = createSmtpTransport(sink.url);
  // A line that is a lone dot would end the data early if it were not stuffed.
  const raw = Buffer.from('Message-ID: <dots@agency.test>\r\nFrom: a@agency.test\r\nTo: v@vendors.test\r\nSubject: Dots\r\n\r\n.\r\n.hidden\r\nlast\r\n');
  try {
    expect(await transport.send({ raw, from: 'a@agency.test', to: ['v@vendors.test'], cc: [], senderUserId: 1 })).toMatchObject({ status: 'sent' });
    expect(spy).toHaveBeenCalled();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.raw.equals(raw)).toBe(true);
  } finally {
    transport.close();
    await sink.close();
  }
});
