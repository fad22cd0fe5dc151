import type { SendBody } from '#shared/contracts/send';
import { PLACEHOLDERS } from '#shared/email/compose';
import { sendNow } from '#server/mail/direct-send';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import { prepareSend } from './prepare';
import type { SendDeps } from './service';
import { messageParts } from './vendor-messages';

export const PROOF_SUBJECT_PREFIX = '[PROOF] ';

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
