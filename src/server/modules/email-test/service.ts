import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import type { MailTransport } from '#server/mail/transport';
import { loadSender } from '#server/mail/sender';
import { sendNow } from '#server/mail/direct-send';
import type { Clock } from '#server/clock';

export interface EmailTestDeps {
  db: Db;
  clock: Clock;
  config: Config;
  transport: MailTransport;
}

export interface TestEmail {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** The email test page: one message from the signed-in user through the configured transport, now. */
export async function sendTestEmail({ db, clock, config, transport }: EmailTestDeps, userId: number, email: TestEmail) {
  const sender = await loadSender({ db, config }, userId);
  const from = sender.from;
  const messageId = newMessageId(config.publicUrl);
  const raw = await buildRawMessage({
    from,
    to: email.to,
    replyTo: from.address === sender.email ? undefined : [sender.email],
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId,
    date: clock.now(),
  });
  const result = await sendNow(transport, userId, from.address, email.to, raw, messageId, 'email');
  return { ...result, message: result.message ?? 'Email sent successfully' };
}
