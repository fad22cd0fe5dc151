import { safeParse, type $ZodType, type infer as Infer } from 'zod/v4/core';
import { badRequest } from './errors';

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (current == null ? undefined : (current as Record<PropertyKey, unknown>)[key]),
    value,
  );
}

const MAX_DEPTH = 64;

/** The path of the first text (a value or a key) that holds a NUL character, which no PostgreSQL text or jsonb can store. */
export function pathOfNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes('\u0000')) return at;
    const found = pathOfNul(item, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * Parses a body, parameters or query against a contract (classic Zod or zod/mini alike); a bad one answers 400 naming
 * the field.
 */
export function parseInput<T extends $ZodType>(schema: T, value: unknown, what = 'body'): Infer<T> {
  const input = value ?? {};
  const nulAt = pathOfNul(input);
  if (nulAt) {
    const field = nulAt.length ? nulAt.join('.') : what;
    throw badRequest(`${field} must not contain NUL characters`, { field });
  }
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : what;
  const isMissing = issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  throw badRequest(`${field} ${isMissing ? 'is required' : issue.message}`, { field });
}
