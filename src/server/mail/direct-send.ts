import type { DirectSendResult } from '#shared/contracts/send';
import { AppError, isRequiresGoogleAuth } from '#server/errors';
import { googleAuthRequired } from './sender';
import { MailSendError, type MailTransport } from './transport';

/** Sends one message now, outside the queue (proofs, the email test page), mapping failures to clear answers. */
export async function sendNow(
  transport: MailTransport,
  userId: number,
  from: string,
  to: string[],
  raw: Buffer,
  messageId: string,
  what: string,
): Promise<DirectSendResult> {
  try {
    const outcome = await transport.send({ raw, from, to, cc: [], senderUserId: userId });
    if (outcome.status === 'uncertain') {
      return { status: 'uncertain', messageId, message: `The ${what} may or may not have been sent: ${outcome.error}` };
    }
    return { status: 'sent', messageId };
  } catch (error) {
    if (isRequiresGoogleAuth(error)) throw googleAuthRequired();
    if (error instanceof MailSendError) throw new AppError(502, `The ${what} could not be sent: ${error.message}`);
    throw error;
  }
}
