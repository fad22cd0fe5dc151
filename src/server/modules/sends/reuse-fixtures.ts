import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import { sendBodyFor } from '#server/testing/send-fixtures';
import { addresses, sendingTest } from './sends-fixtures';

export type Delivery = {
  vendorId: string;
  vendorName: string;
  status: string;
  terms: unknown;
  addedAt: string | null;
  addedBy: string | null;
};
export type Entry = { id: number; vendors: string[]; pricingModel: string | null; deliveries: Delivery[] };

/** A fourth vendor, whose UTM source the send's CSV does not hold. */
export const DELTA = {
  vendorId: 'delta3456',
  name: 'Delta Lists',
  emails: ['desk@delta.test'],
  defaultUtmSource: 'delta',
  emailProspectingKey: 'DELTA-EMAIL-KEY',
  textProspectingKey: null,
};

/** An app mailing through the SMTP sink; the admin has set up the vendors and sent one send to Acme Leads only. */
export const it = sendingTest
  .extend('sendId', async ({ call, token }) => {
    const response = await call('POST', '/api/send-email-consolidated', token, sendBodyFor(['acme1234']));
    expect(response.statusCode).toBe(200);
    return response.json().id as number;
  })
  .extend('entry', ({ call, token }) => async (sendId: number): Promise<Entry> => {
    const entries: Entry[] = (await call('GET', '/api/email-logs', token)).json();
    return entries.find((candidate) => candidate.id === sendId)!;
  })
  .extend(
    'add',
    ({ app, token }) =>
      (sendId: number, vendorIds: string[], key?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/email-logs/${sendId}/add-vendors`,
          headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
          payload: { vendorIds },
        }),
  )
  .extend('mailTo', ({ smtp }) => async (address: string): Promise<ParsedMail[]> => {
    const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
    return parsed.filter((mail) => addresses(mail.to).includes(address));
  });
