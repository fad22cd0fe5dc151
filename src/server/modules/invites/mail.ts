import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import type { MailTransport } from '#server/mail/transport';
import { loadSender } from '#server/mail/sender';
import { sendNow } from '#server/mail/direct-send';
import type { InviteDeps } from './service';

export interface InviteMailDeps extends InviteDeps {
  config: Config;
  transport: MailTransport;
  log: FastifyBaseLogger;
}

/**
 * Mails the link to the address through the configured transport, sent as the admin who issued it. A failure (no
 * Google connection for Gmail, a refused relay) leaves the invite valid: the admin still has the link to copy.
 */
export async function mailInvite(
  deps: InviteMailDeps,
  adminUserId: number,
  to: string,
  inviteUrl: string,
  expiresAt: string,
): Promise<boolean> {
  const { config, clock, transport, log } = deps;
  try {
    const sender = await loadSender(deps, adminUserId);
    const messageId = newMessageId(config.publicUrl);
    const until = new Date(expiresAt).toUTCString();
    const raw = await buildRawMessage({
      from: sender.from,
      to: [to],
      replyTo: sender.from.address === sender.email ? undefined : [sender.email],
      subject: 'Your invitation to Dispatch',
      text: [
        `${sender.email} has invited you to Dispatch.`,
        '',
        'Open this link to create your account (it works once, until ' + until + '):',
        inviteUrl,
        '',
        'If you did not expect this invitation, you can ignore this message.',
      ].join('\n'),
      messageId,
      date: clock.now(),
    });
    const result = await sendNow(transport, adminUserId, sender.from.address, [to], raw, messageId, 'invitation');
    return result.status === 'sent';
  } catch (error) {
    // Never the link itself: it is a credential until used.
    log.warn({ err: { message: (error as Error).message }, to }, 'invitation could not be mailed');
    return false;
  }
}
