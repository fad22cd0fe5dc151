import fc from 'fast-check';
import {
  invalidValue,
  nastyValue,
  trickyString,
  validValue,
  type JsonSchema,
} from '#server/testing/json-schema-arbitrary';

// What the battery generates: a request to one operation of the document, valid or not, as one of the roles.

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface MediaTypes {
  [mediaType: string]: { schema: JsonSchema };
}
export interface Operation {
  operationId: string;
  'x-access': 'anyone' | 'user' | 'admin' | 'vendor-link';
  parameters: Parameter[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
}

export type Role = 'anonymous' | 'user' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'admin'];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  '{"a":1}}',
  'nul',
  "{'a':1}",
  '\u0000',
  '{"a":"\\u0000"}',
  '"\\ud800"',
  '1e999',
  '{"__proto__":{"isAdmin":true}}',
];

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

/** A path or query value as text: numbers and words as they are, anything else as JSON. */
const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** A path segment as UTF-8, percent-encoded (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
const encodeSegment = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Path segments that are not valid percent-encoded UTF-8, sent as they are. */
const MALFORMED_SEGMENTS = ['%', '%zz', '%FF', '%C0%AF', '%ED%A0%80', '%00'];

function parameterArbitrary(parameter: Parameter): fc.Arbitrary<string | undefined> {
  const valid = validValue(parameter.schema).map(asText);
  const invalid = fc.oneof(invalidValue(parameter.schema), nastyValue, trickyString).map(asText);
  const value = fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: invalid });
  if (parameter.in === 'path') {
    return fc.oneof(
      { weight: 8, arbitrary: value.filter((text) => text !== '').map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_SEGMENTS) },
    );
  }
  return parameter.required ? value : fc.option(value, { nil: undefined });
}

export function requestArbitrary({ operation }: { operation: Operation }) {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.record(
    Object.fromEntries(pathParameters.map((parameter) => [parameter.name, parameterArbitrary(parameter)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.tuple(
    fc.record(
      Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameterArbitrary(parameter)])),
    ) as fc.Arbitrary<Record<string, string | undefined>>,
    // An unknown parameter, or one given twice.
    fc.option(fc.tuple(fc.constantFrom('x', ...queryParameters.map((parameter) => parameter.name)), trickyString), {
      nil: undefined,
    }),
  );
  const schema = operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<Body> = schema
    ? fc.oneof(
        { weight: 3, arbitrary: validValue(schema).map((value): Body => ({ kind: 'json', value })) },
        { weight: 4, arbitrary: invalidValue(schema).map((value): Body => ({ kind: 'json', value })) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text): Body => ({ kind: 'raw', text })) },
        { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      )
    : fc.constant<Body>({ kind: 'none' });
  return fc.record({ role: fc.constantFrom(...ROLES), pathValues, query, body });
}

export function urlOf(
  path: string,
  pathValues: Record<string, string>,
  [values, extra]: [Record<string, string | undefined>, [string, string] | undefined],
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) search.append(name, value);
  if (extra) search.append(...extra);
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => pathValues[name]!);
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

export type GeneratedRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;
