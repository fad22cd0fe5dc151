import type * as z from 'zod/mini';
import type { ResponseSpec } from '#shared/api/operation';

/** What a zod schema says about its kind, read from its definition (zod's `_zod.def`). */
interface Definition {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
  in?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
}

const definitionOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);
/** Kinds that never read an object: an option of this kind in a union adds no key. */
const SCALARS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'literal',
  'enum',
  'date',
  'nan',
  'template_literal',
  'void',
  'never',
  'symbol',
]);

/** The schema under its wrappers (optional, nullable, default, a pipe's input, a lazy's target). */
function unwrapped(schema: z.ZodMiniType): z.ZodMiniType {
  const def = definitionOf(schema);
  if (WRAPPERS.has(def.type)) return unwrapped(def.innerType!);
  if (def.type === 'pipe') return unwrapped(def.in!);
  if (def.type === 'lazy') return unwrapped(def.getter!());
  return schema;
}

/** The schemas of the keys an object schema (or a union or intersection of them) declares; undefined when any key may be there. */
function declaredKeys(schema: z.ZodMiniType): Map<string, z.ZodMiniType> | undefined {
  const def = definitionOf(schema);
  if (def.type === 'object') {
    const keys = new Map(Object.entries(def.shape!));
    // A loose object (its catchall is not `never`) declares every key.
    return def.catchall && definitionOf(def.catchall).type !== 'never' ? undefined : keys;
  }
  if (def.type !== 'union' && def.type !== 'intersection') return undefined;
  const parts = (def.type === 'union' ? def.options! : [def.left!, def.right!])
    .map(unwrapped)
    .filter((part) => !SCALARS.has(definitionOf(part).type));
  const keys = new Map<string, z.ZodMiniType>();
  for (const part of parts) {
    const partKeys = declaredKeys(part);
    if (!partKeys) return undefined;
    for (const [key, field] of partKeys) if (!keys.has(key)) keys.set(key, field);
  }
  return keys;
}

/**
 * The answer with only what its schema declares: every key of an object that no schema of it names is left out, at
 * any depth (an object of a union keeps the keys any of its options names). Values are not checked or changed
 * (dates stay dates until JSON.stringify); an undeclared field, a column added to a row say, never leaves the server.
 */
export function declaredAnswer(schema: z.ZodMiniType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const inner = unwrapped(schema);
  const def = definitionOf(inner);
  switch (def.type) {
    case 'array':
      return Array.isArray(value) ? value.map((item) => declaredAnswer(def.element!, item)) : value;
    case 'record':
      return isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, declaredAnswer(def.valueType!, item)]))
        : value;
    case 'object':
    case 'union':
    case 'intersection': {
      const keys = declaredKeys(inner);
      if (!isRecord(value)) {
        // An array or a value of a union whose options are not all objects: the option of its kind reads it.
        const options =
          def.type === 'union' ? def.options!.filter((option) => definitionOf(unwrapped(option)).type === 'array') : [];
        return Array.isArray(value) && options.length === 1 ? declaredAnswer(options[0]!, value) : value;
      }
      if (!keys) return value;
      const answer: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const field = keys.get(key);
        if (field) answer[key] = declaredAnswer(field, item);
      }
      return answer;
    }
    default:
      return value;
  }
}

/**
 * The schema an answer of this status is serialized through: the one declared for it, else, for a success the
 * declaration does not name, its only declared success.
 */
export function answerSchemaOf(responses: Record<number, ResponseSpec>, status: number): z.ZodMiniType | undefined {
  const own = responses[status];
  if (own) return own.schema;
  if (status < 200 || status >= 300) return undefined;
  const successes = Object.entries(responses).filter(([code]) => Number(code) >= 200 && Number(code) < 300);
  return successes.length === 1 ? successes[0]![1].schema : undefined;
}
