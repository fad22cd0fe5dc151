import type { z } from 'zod/mini';
import type { Shape } from '#shared/contracts/shape';

/**
 * A shared zod/mini contract as the Shape that `request` reads answers with: the results contracts are zod schemas
 * only (no hand-written shape in responses.ts). Kept to this one adapter so the switch to `call(operation, …)` is one
 * file's change. Screens outside the send page's first load use it, so zod's weight stays out of that chunk.
 */
export function contractShape<S extends z.ZodMiniType>(schema: S): Shape<z.infer<S>> {
  return {
    read(value, path, problems) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data as z.infer<S>;
      for (const issue of parsed.error.issues) {
        problems.push({
          path: [...path, ...issue.path.filter((key): key is string | number => typeof key !== 'symbol')],
          message: issue.message,
        });
      }
      return value as z.infer<S>;
    },
  };
}
