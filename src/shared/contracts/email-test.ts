import * as z from 'zod/mini';
import { emailAddress } from './common';
import { directSendResult } from './send';

const text = z.nullish(z.string({ error: 'must be text' }));

/** POST /api/send-email: the route itself names what is missing, so every field may be absent here. */
export const testEmailBody = z.object({
  to: z.nullish(
    z.union([z.string({ error: 'must be text' }), z.array(z.string({ error: 'must be text' }))], {
      error: 'must be an address or a list of addresses',
    }),
  ),
  subject: text,
  text,
  html: text,
});

export const testEmailRecipients = z
  .array(emailAddress, { error: 'must be a list of addresses' })
  .check(z.maxLength(100, { error: 'may name at most 100 addresses' }));

/** POST /api/send-email: the email test page's message went (or may have gone) out. */
export const testEmailResult = z.extend(directSendResult, { message: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResult>;
