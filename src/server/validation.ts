import type { z } from 'zod';
import { badRequest } from './errors';

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((current, key) => (current == null ? undefined : (current as Record<PropertyKey, unknown>)[key]), value);
}

/** Parses a body, parameters or query against a contract; a bad one answers 400 naming the field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what = 'body'): z.infer<T> {
  const input = value ?? {};
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : what;
  const isMissing = issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  throw badRequest(`${field} ${isMissing ? 'is required' : issue.message}`, { field });
}
