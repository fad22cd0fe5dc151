import * as z from 'zod/mini';

// What the send page's operations answer: plain schemas, no request-side checks (decision 0047).

/** How a send's deliveries stand: mailed, waiting for an attempt, failed for good, or left without an answer. */
export const deliveryCounts = z.object({
  mailed: z.number(),
  pending: z.number(),
  failed: z.number(),
  uncertain: z.number(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

/** POST /api/send-email-consolidated: the send's log id and how its deliveries stand after their first attempts. */
export const sendResult = z.extend(deliveryCounts, { id: z.number() });
export type SendResult = z.infer<typeof sendResult>;

/** A message sent at once (a proof, the email test page); 'uncertain': it left but no answer came back. */
export const directSendResult = z.object({
  status: z.enum(['sent', 'uncertain']),
  messageId: z.string(),
  message: z.optional(z.string()),
});
export type DirectSendResult = z.infer<typeof directSendResult>;

/** POST /api/send-proof: the proof of one vendor's message, mailed to the sender. */
export const proofResult = z.extend(directSendResult, { to: z.string(), vendorId: z.string() });
export type ProofResult = z.infer<typeof proofResult>;
