import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { vi } from 'vitest';
import type { SendBodyInput } from '#shared/contracts/send';
import { composeVendorEmail, type ComposedEmail } from '#shared/email/compose';
import { composeInputFromSend } from '#shared/email/compose-input-from-send';
import type { App } from '../app';
import { systemClock } from '../clock';
import type { Db } from '../db/client';
import { emailDeliveries } from '../db/schema';
import type { DeliveryOptions } from '../mail/deliveries';
import { CREATIVE_HTML, PNG_BASE64 } from './creatives';
import { bearer } from './test-app';
import { removeFolder } from './remove-folder';

/** Delivery tuned for tests: real time, back-off in milliseconds. */
export const FAST_DELIVERY: DeliveryOptions = {
  clock: systemClock,
  baseDelayMs: 20,
  maxDelayMs: 100,
  pollIntervalMs: 200,
  firstAttemptWaitMs: 5_000,
  stopTimeoutMs: 5_000,
};

export const VENDORS = [
  {
    vendorId: 'acme1234',
    name: 'Acme Leads',
    emails: ['ops@acme.test', 'lists@acme.test'],
    defaultUtmSource: 'acme',
    emailProspectingKey: 'ACME-EMAIL-KEY',
    textProspectingKey: 'ACME-TEXT-KEY',
  },
  {
    vendorId: 'bravo5678',
    name: 'Bravo Data',
    emails: ['team@bravo.test'],
    defaultUtmSource: 'bravo',
    emailProspectingKey: 'BRAVO-EMAIL-KEY',
    textProspectingKey: null,
  },
  {
    vendorId: 'carta9012',
    name: 'Carta Media',
    emails: ['hello@carta.test'],
    defaultUtmSource: 'carta',
    emailProspectingKey: 'CARTA-EMAIL-KEY',
    textProspectingKey: 'CARTA-TEXT-KEY',
  },
] as const;

export const SPLITS: Record<string, string> = { acme1234: '60/40', bravo5678: '70/30' };
export const APPROVALS = ['approvals@agency.test', 'legal@agency.test'];
export const HUB_PASSWORD = 'hub-pass-2026';

export { CREATIVE_HTML, PNG_BASE64 };

export const emailLink = (utm: string) => `https://donate.example/spring?utm_source=${utm}&utm_medium=email`;
export const textLink = (utm: string) => `https://sms.example/t/spring?utm_source=${utm}`;
export const LINKS_CSV = [
  'name,link',
  ...VENDORS.map((vendor) => `${vendor.name},${emailLink(vendor.defaultUtmSource)}`),
].join('\n');

export function sendBodyFor(
  vendorIds: readonly string[] = VENDORS.map((vendor) => vendor.vendorId),
  overrides: Partial<SendBodyInput> = {},
): SendBodyInput {
  const byId = new Map(VENDORS.map((vendor) => [vendor.vendorId as string, vendor]));
  const links = (make: (utm: string) => string) =>
    Object.fromEntries(vendorIds.map((id) => [id, make(byId.get(id)?.defaultUtmSource ?? id)]));
  return {
    selectedVendors: [...vendorIds],
    emailCards: [
      {
        id: 'main',
        htmlContent: CREATIVE_HTML,
        filename: 'spring-appeal.html',
        subject: 'Stand with us this spring',
        senderName: 'GOA Victory',
        endDate: '2026-04-15',
        csvContent: LINKS_CSV,
        csvFileName: 'vendor-links.csv',
      },
    ],
    textCards: [
      {
        id: 'text-1767225601234',
        content: 'Spring match ends soon!\nGive today.',
        senderName: 'GOA',
        endDate: '2026-04-10',
        csvContent: LINKS_CSV,
        csvFileName: 'vendor-links.csv',
        fileContent: PNG_BASE64,
        fileName: 'sms-spring.png',
      },
    ],
    selectedClient: 'goa-victory',
    vendorSplits: {},
    imageAttachments: [{ filename: 'sms-spring.png', content: PNG_BASE64, contentType: 'image/png' }],
    allVendorLinks: { main: links(emailLink), 'text-1767225601234': links(textLink) },
    pricingModel: 'Revshare',
    ...overrides,
  };
}

/** Vendors, splits and approval addresses through the API, as an admin would set them up. */
export async function seedVendors(app: App, adminToken: string): Promise<void> {
  for (const vendor of VENDORS) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/vendors',
      headers: bearer(adminToken),
      payload: { ...vendor, emails: [...vendor.emails] },
    });
    if (created.statusCode !== 201) throw new Error(`vendor ${vendor.vendorId}: ${created.statusCode} ${created.body}`);
  }
  for (const [vendorId, splitRatio] of Object.entries(SPLITS)) {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/vendor-splits',
      headers: bearer(adminToken),
      payload: { vendorId, splitRatio },
    });
    if (saved.statusCode >= 300) throw new Error(`split ${vendorId}: ${saved.statusCode} ${saved.body}`);
  }
  for (const email of APPROVALS) {
    const added = await app.inject({
      method: 'POST',
      url: '/api/approval-emails',
      headers: bearer(adminToken),
      payload: { email },
    });
    if (added.statusCode !== 201) throw new Error(`approval ${email}: ${added.statusCode} ${added.body}`);
  }
}

/** What the preview shows for one vendor of `body`: the shared mapping and composer with the same data the server reads. */
export function expectedEmail(
  body: SendBodyInput,
  vendorId: string,
  context: { now: Date; senderEmail: string; senderFirstName: string },
  vendorPage: string | null = null,
): ComposedEmail {
  const vendor = VENDORS.find((candidate) => candidate.vendorId === vendorId)!;
  return composeVendorEmail({
    ...composeInputFromSend(
      body,
      { ...vendor, emails: [...vendor.emails] },
      { splits: SPLITS, costs: {} },
      { ...context, approvalEmails: APPROVALS, hubPassword: HUB_PASSWORD },
    ),
    vendorPage,
  });
}

/** The personal vendor page link a delivered message carries (its plain text), or null. */
export function vendorPageLinkIn(text: string | undefined): string | null {
  return text?.match(/^Your personal page: (https?:\/\/\S+\/vendor#[A-Za-z0-9_-]{43})$/m)?.[1] ?? null;
}

/** A temporary DATA_DIR, removed by the returned function. */
export function temporaryDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-data-'));
  return { dir, remove: () => removeFolder(dir) };
}

/** What a value read by `eventually` looked like, cut short: enough to see what it was when the time ran out. */
const describeValue = (value: unknown) => {
  let text: string;
  try {
    text =
      JSON.stringify(value, (_key, item: unknown) => (Buffer.isBuffer(item) ? `<${item.length} bytes>` : item)) ??
      String(value);
  } catch {
    text = String(value);
  }
  return text.length > 2_000 ? `${text.slice(0, 2_000)}... (${text.length} characters)` : text;
};

/**
 * Polls until `check` passes (deliveries retried in the background), with Vitest's own `vi.waitFor`; past `timeoutMs`
 * it throws, naming the check it waited for and the last value read, so a test never goes on with a value that did not
 * pass. `vi.waitFor` moves fake timers on by `intervalMs` at every look: a test that moves them itself passes 0.
 */
export function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) {
        throw new Error(
          `eventually: still not ${check.toString()} after ${timeoutMs} ms; last read: ${describeValue(value)}`,
        );
      }
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}

/**
 * Waits until the delivery queue holds nothing that could still go out: no message waiting ('pending', whatever its
 * back-off) or being sent ('sending'). From then on what the mail server got is all it will get, so a test counts
 * the messages to show that one went out once, instead of watching for more during a fixed short time.
 */
export async function queueDrained(db: Db, timeoutMs = 10_000): Promise<void> {
  await eventually(
    () => db.$count(emailDeliveries, inArray(emailDeliveries.status, ['pending', 'sending'])),
    (left) => left === 0,
    timeoutMs,
  );
}
