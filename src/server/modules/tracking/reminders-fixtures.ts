import { simpleParser, type ParsedMail } from 'mailparser';
import { FAST_DELIVERY, eventually } from '#server/testing/send-fixtures';
import type { SmtpSink } from '#server/testing/smtp-sink';
import { bearer, type TestContext } from '#server/testing/test-app';
import { trackingTest } from '#server/testing/tracking-fixtures';

export const HOUR = 3_600_000;
/** Sends, sweeps and deliveries through a real SMTP server: more than the default 20 s on a busy machine. */
export const TIMEOUT_MS = 90_000;
export const ACTIONS = '/api/vendor-page/actions';

/**
 * The queue runs on the app's test clock here (not FAST_DELIVERY's real one), so a message's 'sent' time and the
 * reminder delay are on the clock the test moves; reminders are swept by hand unless a test says otherwise.
 */
export const it = trackingTest.extend('appDeps', {
  delivery: { ...FAST_DELIVERY, clock: undefined },
  reminders: { autoStart: false },
});

export const VENDOR_ADDRESS: Record<string, string> = {
  acme1234: 'ops@acme.test',
  bravo5678: 'team@bravo.test',
  carta9012: 'hello@carta.test',
};

/** The reminders the SMTP sink received (follow-ups answering another message), parsed. */
export async function remindersIn(smtp: SmtpSink): Promise<ParsedMail[]> {
  const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
  return parsed.filter((mail) => mail.inReplyTo !== undefined && /reminder/i.test(mail.text ?? ''));
}

export const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
    group.value.map((entry) => entry.address),
  );

type LogDelivery = { vendorId: string; tracking: { remindedAt: string | null } | null };
export async function remindedAt(
  t: TestContext,
  token: string,
  sendId: number,
): Promise<Record<string, string | null>> {
  const entries = (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json() as {
    id: number;
    deliveries: LogDelivery[];
  }[];
  const entry = entries.find((candidate) => candidate.id === sendId)!;
  return Object.fromEntries(
    entry.deliveries.map((delivery) => [delivery.vendorId, delivery.tracking?.remindedAt ?? null]),
  );
}

/** Waits until the sink holds at least `count` reminders (what may still follow is counted after `queueDrained`). */
export const remindersDelivered = (smtp: SmtpSink, count: number) =>
  eventually(
    () => remindersIn(smtp),
    (mails) => mails.length >= count,
  );
