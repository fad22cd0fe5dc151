import * as z from 'zod/mini';

/**
 * Request headers an operation declares (its `headers`), by the name the API documents; the server reads each
 * whatever its case. The optional Idempotency-Key: 1 to 255 printable ASCII characters (a UUID from the client is ideal).
 */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[\x21-\x7e]{1,255}$/, { error: 'must be 1 to 255 printable characters without spaces.' }),
      ),
  ),
});
