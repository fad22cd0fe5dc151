import fc from 'fast-check';

/** The subset of JSON Schema 2020-12 that z.toJSONSchema emits for our contracts. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** Ranges PostgreSQL and JavaScript care about: int4, uint32, the safe integers, doubles. */
const BOUNDARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-7,
  999_999_999.999,
  1_000_000_000.01,
  1e10,
];

const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001\u001f\u007f',
  '\t\r\n',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufeff',
  '\u202e',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'é',
  '😀',
  'a'.repeat(65),
  'a'.repeat(256),
];

const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

/** Strings a form would never send: NUL and other control characters, lone surrogates, every code point. */
export const trickyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: controlCharacter, minLength: 1, maxLength: 8 }),
  fc.tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
);

/** Very long strings: past every max length, some past the default 1 MB body limit. */
export const longString: fc.Arbitrary<string> = fc
  .oneof(fc.integer({ min: 255, max: 70_000 }), fc.constantFrom(1_100_000))
  .map((length) => 'x'.repeat(length));

/** A value of any JSON type that a contract is unlikely to accept where it stands. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  { weight: 3, arbitrary: trickyString },
  { weight: 1, arbitrary: longString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { '': null }, ['\u0000'], { '\u0000': 'x' }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}$/),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom('test', 'example', 'agency.test'),
  )
  .filter(([local]) => !/\.\.|\.$/.test(local))
  .map(([local, domain, top]) => `${local}@${domain}.${top}`);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  const fits = (value: string) =>
    value.length >= minLength && value.length <= (schema.maxLength ?? Infinity) && !value.includes('\u0000');
  if (schema.format === 'email') return emailAddress.filter(fits);
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  // Any code point but NUL (which the API refuses in every text), mostly printable.
  return fc
    .oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'binary', minLength, maxLength }))
    .filter(fits);
}

function validNumber(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  if (isInteger) {
    const min = Math.max(
      Number.MIN_SAFE_INTEGER,
      schema.exclusiveMinimum !== undefined
        ? Math.floor(schema.exclusiveMinimum) + 1
        : (schema.minimum ?? Number.MIN_SAFE_INTEGER),
    );
    const max = Math.min(
      Number.MAX_SAFE_INTEGER,
      schema.exclusiveMaximum !== undefined
        ? Math.ceil(schema.exclusiveMaximum) - 1
        : (schema.maximum ?? Number.MAX_SAFE_INTEGER),
    );
    return fc.integer({ min, max });
  }
  return fc.double({
    min: schema.minimum ?? schema.exclusiveMinimum ?? -1e12,
    max: schema.maximum ?? schema.exclusiveMaximum ?? 1e12,
    minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fixed = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  if (typeof schema.additionalProperties !== 'object') return fixed;
  const keys = schema.propertyNames ? validValue(schema.propertyNames).map(String) : fc.string({ maxLength: 12 });
  const extra = fc.dictionary(keys, validValue(schema.additionalProperties), { maxKeys: 3 });
  return fc.tuple(extra, fixed).map(([more, own]) => ({ ...more, ...own }));
}

function validOfType(schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object':
      return validObject(schema);
    default:
      throw new Error(`json-schema-arbitrary: type ${type} is not supported`);
  }
}

/** Values the schema accepts (refinements a JSON Schema cannot say, such as 'no repeated ids', may still refuse some). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(validValue));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(schema, type)));
}

/** A valid object with one thing wrong: a required field missing, a field added, or one field invalid. */
function invalidObject(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const valid = validObject(schema);
  const keys = Object.keys(schema.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(valid, fc.oneof(fc.string({ maxLength: 12 }), trickyString), nastyValue)
      .map(([value, key, extra]) => ({ ...value, [key]: extra })),
  ];
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  if (required.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  if (keys.length > 0) {
    const oneInvalid = fc
      .constantFrom(...keys)
      .chain((key) => fc.tuple(fc.constant(key), valid, invalidValue(schema.properties![key]!)));
    mutations.push(oneInvalid.map(([key, value, wrong]) => ({ ...value, [key]: wrong })));
  }
  if (typeof schema.additionalProperties === 'object') {
    const entry = invalidValue(schema.additionalProperties);
    mutations.push(
      fc
        .tuple(valid, fc.string({ maxLength: 12 }), entry)
        .map(([value, key, wrong]) => ({ ...value, [`x${key}`]: wrong })),
    );
  }
  return mutations;
}

/** Values the schema (most likely) refuses: wrong types, out-of-range numbers, bad strings, broken objects and arrays. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const near: fc.Arbitrary<unknown>[] = [];
  if (types.includes('object')) near.push(...invalidObject(schema));
  if (types.includes('array') && schema.items) {
    near.push(
      fc
        .tuple(fc.array(validValue(schema.items), { maxLength: 2 }), invalidValue(schema.items))
        .map(([items, wrong]) => [...items, wrong]),
    );
  }
  if (types.includes('string')) {
    // An otherwise valid text with a NUL or another control character inside.
    near.push(
      fc
        .tuple(validString(schema), fc.oneof(fc.constant('\u0000'), controlCharacter), fc.nat())
        .map(([text, character, at]) => {
          const position = at % (text.length + 1);
          return text.slice(0, position) + character + text.slice(position);
        }),
    );
    if (schema.maxLength !== undefined) near.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  }
  if (types.includes('integer') || types.includes('number')) {
    const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
      (edge): edge is number => edge !== undefined,
    );
    near.push(fc.constantFrom(...edges.flatMap((edge) => [edge - 1, edge + 1, edge + 0.5]), ...BOUNDARY_NUMBERS));
  }
  return near.length === 0
    ? nastyValue
    : fc.oneof({ weight: 1, arbitrary: nastyValue }, ...near.map((arbitrary) => ({ weight: 2, arbitrary })));
}
