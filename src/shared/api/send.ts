import { proofResult, sendResult } from '../contracts/responses/send';
import { badOrNeedsGoogle, declared, defineOperation, mailFailed, ok, storeUnavailable, tooMany } from './operation';

// The send page's two operations, apart from the Deployment Log's (sends.ts): the page's first load carries only these.

export const sendConsolidated = defineOperation({
  method: 'POST',
  path: '/api/send-email-consolidated',
  summary: 'Send every selected vendor its message (an optional Idempotency-Key header makes a retry safe)',
  access: 'user',
  headers: declared('headers', 'idempotencyHeaders'),
  body: declared('send', 'sendBody'),
  responses: {
    200: ok(sendResult),
    400: badOrNeedsGoogle,
    422: { description: 'The Idempotency-Key was used for a different send' },
    429: tooMany,
    503: storeUnavailable,
  },
});

export const sendProof = defineOperation({
  method: 'POST',
  path: '/api/send-proof',
  summary: "Send the user one vendor's message as a proof",
  access: 'user',
  body: declared('send', 'proofBody'),
  responses: { 200: ok(proofResult), 400: badOrNeedsGoogle, 429: tooMany, 502: mailFailed },
});
