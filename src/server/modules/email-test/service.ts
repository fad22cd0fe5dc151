import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import { buildRawMessage, newMessageId } from '../../mail/message';
import type { MailTransport } from '../../mail/transport';
import { googleAuthRequired } from '../sends/prepare';
import { findSender } from '../sends/repository';
import { sendNow } from '../sends/service';
import type { Clock } from '../../clock';

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
  const sender = await findSender(db, userId);
  if (!sender) throw unauthorized();
  if (config.mailTransport === 'gmail' && !sender.googleConnected) throw googleAuthRequired();
  const isOwnAddress = config.mailTransport === 'gmail' || !config.mailFrom;
  const from = isOwnAddress ? { name: sender.firstName || undefined, address: sender.email } : { address: config.mailFrom! };
  const messageId = newMessageId(config.publicUrl);
  const raw = await buildRawMessage({
    from,
    to: email.to,
    replyTo: isOwnAddress ? undefined : [sender.email],
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId,
    date: clock.now(),
  });
  const result = await sendNow(transport, userId, from.address, email.to, raw, messageId, 'email');
  return { ...result, message: result.message ?? 'Email sent successfully' };
}
