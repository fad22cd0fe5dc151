import * as z from 'zod/mini';
import { emailAddress } from './common';

export * from './responses/email-test';

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
