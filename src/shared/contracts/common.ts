import * as z from 'zod/mini';

export const emailAddress = z
  .pipe(
    z.string({ error: 'must be an e-mail address' }).check(z.trim(), z.toLowerCase()),
    z.email({ error: 'must be a valid e-mail address' }).check(z.maxLength(254, { error: 'is too long' })),
  )
  // What the published API document says of it (the input side of a pipe has no format of its own).
  .check(z.meta({ format: 'email', maxLength: 254 }));

/** A short id people or the page choose (a vendor's, a card's): letters, digits, - and _, at most 64. */
export const shortId = z
  .string({ error: 'must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'is required' }),
    z.maxLength(64, { error: 'is too long' }),
    z.regex(/^[a-z0-9_-]+$/i, { error: 'may hold only letters, digits, - and _' }),
  );

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a path or query: a positive PostgreSQL integer. */
export const rowId = z.coerce
  .number({ error: 'must be a number' })
  .check(
    z.int({ error: 'must be a whole number' }),
    z.positive({ error: 'must be positive' }),
    z.lte(INT4_MAX, { error: 'is too large' }),
  );

/** Every error answer: the words for people (SPEC.md's) and a stable code for programs (decision 0081). */
export const errorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The answer of a call that returns nothing (204): the body must be empty. */
export const noContent = z.undefined();
