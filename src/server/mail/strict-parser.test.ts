import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY, PNG_BASE64, seedVendors, sendBodyFor } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { buildRawMessage, type MessageAttachment } from './message';

import { parseStrictly } from '#server/testing/strict-mail';

const message = (subject: string, fromName: string, attachments: MessageAttachment[]) =>
  buildRawMessage({
    from: { name: fromName, address: 'sender@agency.test' },
    to: ['ops@acme.test', 'lists@acme.test'],
    cc: ['approvals@agency.test'],
    replyTo: ['sender@agency.test'],
    subject,
    html: `<p>${subject}</p>`,
    text: subject,
    attachments,
    messageId: '<1b9e6c2a@dispatch.local>',
    date: new Date('2026-11-23T12:00:00Z'),
  });

const NAMES = [
  'spring-appeal.html',
  'créative été.html',
  'Frühjahrs-Aufruf (final) ✓.html',
  '春のキャンペーン.png',
  '😀 emoji.png',
  'quote " and back\\slash; semi=colon.html',
  "it's=here's.png",
  'star*name.html',
  `${'a-plain-ascii-name-'.repeat(5)}.png`,
  '-leading dash.html',
  `${'très long nom de fichier '.repeat(8)}.html`,
  '=?UTF-8?Q?looks_encoded?=.html',
];

describe('messages under a strict parser', () => {
  test('show no defects, and every attachment keeps its name and bytes, also when the names are not ASCII', async () => {
    const attachments = NAMES.map((filename, i) => ({
      filename,
      contentType: filename.endsWith('.png') ? 'image/png' : 'text/html',
      content: filename.endsWith('.png') ? Buffer.from(PNG_BASE64, 'base64') : `<p>card ${i}</p>`,
    }));
    const [parsed] = await parseStrictly([
      await message(
        'Créative « été » — Stand with us this spring, every vendor and every list',
        'Zoë Åström',
        attachments,
      ),
    ]);
    expect(parsed!.defects).toEqual([]);
    expect(parsed!.subject).toBe('Créative « été » — Stand with us this spring, every vendor and every list');
    expect(parsed!.from).toBe('Zoë Åström <sender@agency.test>');
    expect(parsed!.attachments).toEqual(
      attachments.map((attachment) => ({
        filename: attachment.filename,
        name: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content).toString('base64'),
      })),
    );
  });

  test('show no defects for any attachment name, subject or sender name people might type', async () => {
    // Any characters, control characters too (a pasted name can hold a tab or a line break).
    const unit = fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom('grapheme' as const) },
      { weight: 1, arbitrary: fc.constant('binary-ascii' as const) },
    );
    const typed = unit
      .chain((kind) => fc.string({ unit: kind, minLength: 1, maxLength: 80 }))
      .filter((value) => value.trim() !== '');
    const cases = fc.sample(
      fc.record({ subject: typed, fromName: typed, names: fc.array(typed, { minLength: 1, maxLength: 3 }) }),
      { numRuns: 60, seed: 13 },
    );
    const parsed = await parseStrictly(
      await Promise.all(
        cases.map((one) =>
          message(
            one.subject,
            one.fromName,
            one.names.map((filename) => ({ filename, contentType: 'text/html', content: '<p>x</p>' })),
          ),
        ),
      ),
    );
    // (Python's get_filename trims the name it reads.)
    cases.forEach((one, i) => {
      expect({ ...one, defects: parsed[i]!.defects }).toEqual({ ...one, defects: [] });
      expect(parsed[i]!.attachments.map((attachment) => [attachment.filename, attachment.name])).toEqual(
        one.names.map((name) => [name.trim(), name]),
      );
    });
  });
});

describe('a whole send', () => {
  const it = test
    .extend('env', ({ dataDir }): Record<string, string> => ({ DATA_DIR: dataDir }))
    .extend('appDeps', { delivery: FAST_DELIVERY });

  it('mails every vendor a message the strict parser reads without defects, non-ASCII file names included', async ({
    app,
    admin,
  }) => {
    await seedVendors(app, admin);
    const base = sendBodyFor();
    const body = sendBodyFor(undefined, {
      emailCards: [
        {
          ...base.emailCards![0]!,
          filename: 'Appel de printemps — été.html',
          subject: 'Soutenez-nous « ce printemps »',
        },
      ],
      textCards: [{ ...base.textCards![0]!, fileName: '春 campaign.png' }],
      imageAttachments: [{ filename: '春 campaign.png', content: PNG_BASE64, contentType: 'image/png' }],
    });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(admin),
      payload: body as object,
    });
    expect(sent.statusCode).toBe(200);
    const vendors = body.selectedVendors;
    const raws = await Promise.all(
      vendors.map(async (vendorId) => {
        const eml = await app.inject({
          method: 'GET',
          url: `/api/email-logs/${sent.json().id}/deliveries/${vendorId}/eml`,
          headers: bearer(admin),
        });
        expect(eml.statusCode).toBe(200);
        return eml.rawPayload;
      }),
    );
    const parsed = await parseStrictly(raws);
    for (const one of parsed) {
      expect(one.defects).toEqual([]);
      expect(one.attachments.map((attachment) => attachment.filename)).toEqual([
        'Appel de printemps — été.html',
        '春 campaign.png',
      ]);
    }
  });
});
