import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildRawMessage, createMessageBuilder, type MessageParts } from './message';

/** The composer's random MIME boundaries, the only bytes that differ between two builds of the same message. */
const withoutBoundaries = (raw: Buffer) => raw.toString('latin1').replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-x-Part_');

const html = Buffer.from(`<html><body>${'<p>Creative paragraph, with é and 😀.</p>\n'.repeat(3000)}</body></html>`);
const image = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));

function partsFor(vendor: string, attachments: MessageParts['attachments']): MessageParts {
  return {
    from: { name: 'Ann Sender', address: 'ann@agency.test' },
    to: [`${vendor}@vendors.test`],
    cc: ['approvals@agency.test'],
    replyTo: ['ann@agency.test', 'approvals@agency.test'],
    subject: `New content for ${vendor}`,
    html: `<p>Hi ${vendor}</p>`,
    text: `Hi ${vendor}`,
    attachments,
    messageId: `<${vendor}@dispatch.local>`,
    date: new Date('2026-03-10T15:00:00Z'),
  };
}

describe('messages that share attachments', () => {
  it('are built byte for byte as buildRawMessage builds each alone, the attachments encoded once for all', async () => {
    const attachments = [
      { filename: 'creative.html', contentType: 'text/html', content: html },
      { filename: 'picture.png', contentType: 'image/png', content: image },
      { filename: 'empty.html', contentType: 'text/html', content: Buffer.alloc(0) },
      { filename: 'creative again.html', contentType: 'text/html', content: html },
    ];
    const build = createMessageBuilder();
    const piecesOfEach: (readonly Buffer[])[] = [];
    for (const vendor of ['acme', 'globex', 'initech']) {
      const parts = partsFor(vendor, attachments);
      const [pieces, alone] = await Promise.all([build(parts), buildRawMessage(parts)]);
      piecesOfEach.push(pieces);
      const shared = Buffer.concat(pieces);
      expect(withoutBoundaries(shared)).toBe(withoutBoundaries(alone));
      const parsed = await simpleParser(shared);
      expect(
        parsed.attachments.map((attachment) => [
          attachment.filename,
          attachment.content.equals(attachments.find((a) => a.filename === attachment.filename)!.content),
        ]),
      ).toEqual([
        ['creative.html', true],
        ['picture.png', true],
        ['empty.html', true],
        ['creative again.html', true],
      ]);
    }
    // The encodings are pieces of every message, the same bytes in memory, not a copy for each vendor.
    const [first, ...others] = piecesOfEach.map((pieces) => pieces.filter((piece) => piece.length > 60_000));
    expect(first).toHaveLength(3);
    for (const pieces of others) pieces.forEach((piece, i) => expect(piece).toBe(first![i]));
  });

  it('without attachments are built as buildRawMessage builds them', async () => {
    const parts = partsFor('acme', undefined);
    expect(withoutBoundaries(Buffer.concat(await createMessageBuilder()(parts)))).toBe(
      withoutBoundaries(await buildRawMessage(parts)),
    );
  });
});
