import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { CLIENTS } from '#shared/clients';
import { sendBody, type SendBodyInput } from '#shared/contracts/send';
import {
  PRICING_MODELS,
  type ApprovalEmail,
  type PricingModel,
  type Vendor,
  type VendorCosts,
  type VendorSplit,
} from '#shared/contracts/vendors';
import { composeVendorEmail } from '#shared/email/compose';
import { composeInputFromSend } from '#shared/email/compose-input-from-send';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import { test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { prepareSend } from './prepare';
import { messageParts } from './vendor-messages';

// The property: for any complete send and any vendors, the send page's preview of a vendor's email (the body it
// would post, mapped and composed in the browser) is the HTML and text of the message the server builds for that
// vendor. Vendors, splits, costs and approval addresses go in through the API and the preview reads them back
// through the API, as the send page does.

interface GeneratedVendor {
  vendor: Vendor;
  split: string | null;
  costs: Omit<VendorCosts, 'vendorId'> | null;
}

// Text as people type it, with the characters that HTML, MIME and trimming care about.
const textChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 .,:;!?-_/@#$%') },
  { weight: 2, arbitrary: fc.constantFrom('<', '>', '&', '"', "'", '=', ' ', '  ', '\t') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '—', '“', '”', '€', '😀', '中', '\u00a0') },
);
const text = (maxLength: number) => fc.string({ unit: textChar, maxLength });
const filledText = (maxLength: number) => text(maxLength).filter((value) => value.trim() !== '');
const multilineText = fc.array(filledText(40), { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));

const money = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100);
const allCosts = fc.record({
  costPerDonor: money,
  cpdBudget: money,
  costPerAcquisition: money,
  cpaBudget: money,
  costPerThousand: money,
  cpmBudget: money,
});
const split = fc.integer({ min: 0, max: 100 }).map((a) => `${a}/${100 - a}`);

const vendorId = fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/), fc.constantFrom('constructor', 'toString'));
const address = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/))
  .map(([local, domain]) => `${local}@${domain}.test`);

const generatedVendor = (model: PricingModel) =>
  fc
    .record({
      vendorId,
      name: filledText(30),
      emails: fc.uniqueArray(address, { minLength: 1, maxLength: 3 }),
      emailProspectingKey: fc.option(filledText(20), { nil: null }),
      textProspectingKey: fc.option(filledText(20), { nil: null }),
      split: fc.option(split, { nil: null }),
      // A send under a cost model needs the vendor's costs; under Revshare they may be missing.
      costs: model === 'Revshare' ? fc.option(allCosts, { nil: null }) : allCosts,
    })
    .map(({ split: ratio, costs, ...fields }): GeneratedVendor => ({
      vendor: { ...fields, name: fields.name.trim(), defaultUtmSource: 'utm' },
      split: ratio,
      costs,
    }));

const calendarDay = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const endDate = fc.oneof(
  calendarDay.map((date) => date.toISOString().slice(0, 10)),
  calendarDay.map((date) => date.toISOString()),
  calendarDay.map((date) => ` ${date.toISOString().slice(0, 10)} `),
);
const link = fc
  .tuple(fc.constantFrom('https', 'http'), fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.constantFrom('', ' ', '\t'))
  .map(([scheme, path, pad]) =>
    `${pad}${scheme}://give.example.org/${path}?utm_source=x&a=<b>${pad}`.replace('<b>', '%3Cb%3E'),
  );
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', ' IMAGE/PNG '];
const fileName = fc.option(
  fc
    .tuple(filledText(12), fc.constantFrom('.png', '.JPG', '.jpeg', '.gif', '.webp', '', '.html'))
    .map(([name, ext]) => `${name}${ext}`),
  { nil: null },
);
const base64 = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64'));

const emailCard = fc.record({
  subject: filledText(40),
  senderName: filledText(20),
  endDate,
  htmlContent: filledText(200),
  filename: fc.option(
    fc.oneof(
      fc.constant(''),
      filledText(12).map((name) => `${name}.html`),
    ),
    { nil: null },
  ),
  csvContent: fc.option(fc.constant('name,link\nA,https://x.test'), { nil: null }),
});
const textCard = fc.record({
  content: multilineText,
  senderName: fc.option(text(20), { nil: null }),
  endDate: fc.option(endDate, { nil: null }),
  fileName,
  fileContent: fc.option(base64, { nil: null }),
  imageType: fc.option(fc.constantFrom(...IMAGE_TYPES), { nil: null }),
  csvContent: fc.option(fc.constant('name,link\nA,https://x.test'), { nil: null }),
});

const scenario = fc.constantFrom(...PRICING_MODELS).chain((pricingModel) =>
  fc
    .record({
      pricingModel: fc.constant(pricingModel),
      vendors: fc.uniqueArray(generatedVendor(pricingModel), {
        minLength: 1,
        maxLength: 3,
        selector: (generated) => generated.vendor.vendorId,
      }),
      emailCards: fc.array(emailCard, { maxLength: 2 }),
      textCards: fc.array(textCard, { maxLength: 2 }),
      selectedClient: fc.constantFrom(...CLIENTS.map((client) => client.slug)),
      approvals: fc.uniqueArray(address, { maxLength: 2 }),
      minutesLater: fc.integer({ min: 0, max: 24 * 60 }),
      links: fc.array(link, { minLength: 12, maxLength: 12 }),
    })
    .filter((generated) => generated.emailCards.length + generated.textCards.length > 0),
);

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** A complete send body for the scenario: every card has each selected vendor's link, one card has the CSV. */
function bodyOf(generated: Scenario): SendBodyInput {
  const emailCards = generated.emailCards.map((card, i) => ({
    id: i === 0 ? 'main' : `email-${i}`,
    ...card,
    csvFileName: 'links.csv',
  }));
  const textCards = generated.textCards.map(({ imageType: _imageType, ...card }, i) => ({
    id: `text-${i}`,
    ...card,
    csvFileName: 'links.csv',
  }));
  const cards = [...emailCards, ...textCards];
  cards[0]!.csvContent = 'name,link\nA,https://x.test';
  const vendorIds = generated.vendors.map(({ vendor }) => vendor.vendorId);
  return {
    selectedVendors: vendorIds,
    emailCards,
    textCards,
    selectedClient: generated.selectedClient,
    vendorSplits: {},
    imageAttachments: generated.textCards.flatMap((card) =>
      card.fileName?.trim() && card.fileContent && card.imageType
        ? [{ filename: card.fileName, content: card.fileContent, contentType: card.imageType }]
        : [],
    ),
    allVendorLinks: Object.fromEntries(
      cards.map((card, i) => [
        card.id,
        Object.fromEntries(vendorIds.map((id, j) => [id, generated.links[i * 3 + j]!])),
      ]),
    ),
    pricingModel: generated.pricingModel,
  };
}

/** The admin's app (with a hub password that needs escaping) and the API calls the property makes as the admin. */
const it = test
  .extend('env', { HUB_PASSWORD: 'hub <pass> & "more"' })
  .extend('api', ({ app, admin }) => async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: bearer(admin), payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? undefined : response.json();
  })
  .extend('userId', async ({ api }) => (await api('GET', '/api/user')).id as number)
  /** Replaces the vendors, their settings and the approval addresses with the scenario's, through the API. */
  .extend('seed', ({ api }) => {
    let previousVendors: string[] = [];
    return async (generated: Scenario) => {
      for (const id of previousVendors) await api('DELETE', `/api/vendors/${encodeURIComponent(id)}`);
      for (const row of (await api('GET', '/api/approval-emails')) as ApprovalEmail[])
        await api('DELETE', `/api/approval-emails/${row.id}`);
      for (const { vendor, split: ratio, costs } of generated.vendors) {
        await api('POST', '/api/vendors', vendor);
        if (ratio !== null) await api('POST', '/api/vendor-splits', { vendorId: vendor.vendorId, splitRatio: ratio });
        if (costs !== null) await api('POST', '/api/vendor-costs', { vendorId: vendor.vendorId, ...costs });
      }
      previousVendors = generated.vendors.map(({ vendor }) => vendor.vendorId);
      for (const email of generated.approvals) await api('POST', '/api/approval-emails', { email });
    };
  })
  /** What the send page reads to draw its preview. */
  .extend('previewData', ({ api }) => async () => {
    const [vendors, splits, costs, approvals, settings, firstName] = await Promise.all([
      api('GET', '/api/vendors') as Promise<Vendor[]>,
      api('GET', '/api/vendor-splits') as Promise<VendorSplit[]>,
      api('GET', '/api/vendor-costs') as Promise<VendorCosts[]>,
      api('GET', '/api/approval-emails') as Promise<ApprovalEmail[]>,
      api('GET', '/api/app-settings') as Promise<{ hubPassword: string | null }>,
      api('GET', '/api/user/first-name') as Promise<{ firstName: string }>,
    ]);
    return {
      vendors,
      settings: {
        splits: Object.fromEntries(splits.map((row) => [row.vendorId, row.splitRatio])),
        costs: Object.fromEntries(costs.map(({ vendorId, ...values }) => [vendorId, values])),
      },
      context: {
        senderEmail: ADMIN_EMAIL,
        senderFirstName: firstName.firstName,
        approvalEmails: approvals.map((row) => row.email),
        hubPassword: settings.hubPassword ?? undefined,
      },
    };
  });

/** The runs stop after this long; the test's own time adds its set-up (a database, the app, the admin's sign-up). */
const PROPERTY_TIME_LIMIT_MS = 15_000;
/** The set-up took up to 8 s at a load average of 12 (two test runs and a CPU hog on two cores). */
const SET_UP_ALLOWANCE_MS = 30_000;

describe('the send preview and the sent message', () => {
  it(
    'are the same HTML and text for every vendor of any complete send',
    async ({ t, userId, seed, previewData }) => {
      await fc.assert(
        fc.asyncProperty(scenario, async (generated) => {
          await seed(generated);
          t.clock.advance(generated.minutesLater * 60_000);
          const body = bodyOf(generated);
          const data = await previewData();

          // The vendor's page link is drawn by the same composer whatever it is (the preview shows a placeholder).
          const vendorPage = (vendorId: string) => `${t.config.publicUrl}/vendor#${vendorId}`;
          const prepared = await prepareSend(
            { db: t.database.db, clock: t.clock, config: t.config },
            userId,
            sendBody.parse(body),
            { vendorPageFor: vendorPage },
          );
          expect(prepared.messages.map((message) => message.vendor.vendorId)).toEqual(body.selectedVendors);
          for (const message of prepared.messages) {
            const raw = await buildRawMessage(messageParts(prepared, message, newMessageId(t.config.publicUrl)));
            const sent = await simpleParser(raw);
            const vendor = data.vendors.find((candidate) => candidate.vendorId === message.vendor.vendorId);
            const preview = composeVendorEmail({
              ...composeInputFromSend(body, vendor, data.settings, { ...data.context, now: t.clock.now() }),
              vendorPage: vendorPage(message.vendor.vendorId),
            });
            expect(sent.html).toBe(preview.html);
            expect(sent.text).toBe(preview.text);
            // The type as the message's header says it (mailparser guesses one from the name for application/octet-stream).
            expect(
              sent.attachments.map((file) => [
                file.filename,
                (file.headers.get('content-type') as { value: string }).value,
                file.size,
              ]),
            ).toEqual(preview.attachments.map((file) => [file.filename, file.contentType, file.size]));
          }
        }),
        // Bounded in time: fewer runs on a busy machine, never a hang.
        { numRuns: 25, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
      );
    },
    PROPERTY_TIME_LIMIT_MS + SET_UP_ALLOWANCE_MS,
  );
});
