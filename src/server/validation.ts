import * as z from 'zod/mini';
import { badRequest } from './errors';

// The shared contracts are built with zod/mini, which carries no messages of its own: the server answers in English
// ('Too big: expected string to have <=200 characters') wherever a contract names no message. Every route parses
// through this module, so loading it is enough.
z.config(z.locales.en());

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

/** Parses a body, parameters or query against a contract; a bad one answers 400 naming the field. */
export function parseInput<T extends z.ZodMiniType>(schema: T, value: unknown, what = 'body'): z.infer<T> {
  const input = value ?? {};
  const nulAt = pathOfNul(input);
  if (nulAt) {
    const field = nulAt.length ? nulAt.join('.') : what;
    throw badRequest(`${field} must not contain NUL characters`, { field });
  }
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : what;
  const isMissing = issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  throw badRequest(`${field} ${isMissing ? 'is required' : issue.message}`, { field });
}
