import { z } from 'zod';

export const emailAddress = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }).max(254, { error: 'is too long' }));

export const idParam = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive({ error: 'must be positive' }),
});

export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The answer of a call that returns nothing (204): the body must be empty. */
export const noContent = z.undefined();
