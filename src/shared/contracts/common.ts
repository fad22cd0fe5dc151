import { z } from 'zod';

export const emailAddress = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }).max(254, { error: 'is too long' }))
  // What the published API document says of it (the input side of a pipe has no format of its own).
  .meta({ format: 'email', maxLength: 254 });

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a path or query: a positive PostgreSQL integer. */
export const rowId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be positive' })
  .max(INT4_MAX, { error: 'is too large' });

export const idParam = z.object({ id: rowId });

export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The answer of a call that returns nothing (204): the body must be empty. */
export const noContent = z.undefined();
