import type { DirectSendResult, SendBody } from '#shared/contracts/send';
import { AppError } from '#server/errors';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import { MailSendError, type MailTransport } from '#server/mail/transport';
import { PLACEHOLDERS } from '#shared/email/compose';
import { googleAuthRequired, prepareSend } from './prepare';
import type { SendDeps } from './service';
import { messageParts } from './vendor-messages';

export const PROOF_SUBJECT_PREFIX = '[PROOF] ';
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
    if (error instanceof AppError && error.extra.requiresGoogleAuth === true) throw googleAuthRequired();
    if (error instanceof MailSendError) throw new AppError(502, `The ${what} could not be sent: ${error.message}`);
    throw error;
  }
}

/**
 * 'Send me a proof': the exact message one vendor would receive (same body, attachments, From and Reply-To), with
 * '[PROOF] ' before the subject, To the sending user only and no CC. Not logged, no vendor mailed.
 */
export async function sendProof(deps: SendDeps, userId: number, vendorId: string, body: SendBody) {
  // A proof is not a deployment: it shows where the vendor's link will be, without making one.
  const placeholder = () => (deps.config.vendorLinks ? PLACEHOLDERS.vendorPage : null);
  const prepared = await prepareSend(
    deps,
    userId,
    { ...body, selectedVendors: [vendorId] },
    { vendorPageFor: placeholder },
  );
  const message = prepared.messages[0]!;
  const messageId = newMessageId(deps.config.publicUrl);
  const parts = messageParts(prepared, message, messageId);
  const raw = await buildRawMessage({
    ...parts,
    to: [prepared.sender.email],
    cc: [],
    subject: `${PROOF_SUBJECT_PREFIX}${parts.subject}`,
  });
  const result = await sendNow(
    deps.transport,
    userId,
    prepared.sender.from.address,
    [prepared.sender.email],
    raw,
    messageId,
    'proof',
  );
  return { ...result, to: prepared.sender.email, vendorId };
}
