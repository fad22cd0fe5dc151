import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import { ensureAdmins } from '#server/modules/users/service';
import { buildOpenApiDocument } from '#server/openapi/document';
import { test } from '#server/testing/fixtures';
import { servedOperations } from '#server/testing/served-operations';
import {
  invalidValue,
  nastyValue,
  trickyString,
  validValue,
  type JsonSchema,
} from '#server/testing/json-schema-arbitrary';
import { FAST_DELIVERY, seedVendors, temporaryDataDir } from '#server/testing/send-fixtures';
import {
  ADMIN_EMAIL,
  addAndRegister,
  bearer,
  createTestApp,
  PASSWORD,
  register,
  type TestContext,
} from '#server/testing/test-app';

/**
 * The generated battery of issue 10: every operation of the published document, sent generated valid and invalid
 * parameters, queries and bodies as anonymous, user and admin. No answer may be a 5xx; every answer's status must be
 * documented for its operation and its body must match the documented schema.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface MediaTypes {
  [mediaType: string]: { schema: JsonSchema };
}
interface Operation {
  operationId: string;
  'x-access': 'anyone' | 'user' | 'admin' | 'vendor-link';
  parameters: Parameter[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
}

type Role = 'anonymous' | 'user' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'admin'];
const USER_EMAIL = 'fuzz.user@agency.test';

/** Generated requests per operation: every one of them is sent and checked, however long the machine takes. */
const RUNS_PER_OPERATION = 20;
/** A slow operation's 20 requests on a busy machine: far more than the default 20 s, never a reason to check fewer. */
const OPERATION_TIMEOUT_MS = 180_000;

const document = buildOpenApiDocument(await servedOperations());
const operations = Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

/** The app the whole battery runs against, and the tokens of its principals (restored when a request changed them). */
interface Battery {
  t: TestContext;
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
}

/**
 * One app for the whole file, as the battery's runs per operation are cheap and an app per operation is not: file-scoped,
 * so built here rather than from the per-test app fixtures.
 */
const it = test.extend('battery', { scope: 'file' }, async ({}, { onCleanup }): Promise<Battery> => {
  const data = temporaryDataDir();
  // Mail goes to the outbox folder: nothing leaves the machine whatever the battery sends.
  const t = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'outbox' }, undefined, {
    delivery: FAST_DELIVERY,
  });
  onCleanup(async () => {
    await t.close();
    data.remove();
  });
  const admin = await register(t.app, ADMIN_EMAIL);
  const tokens = { admin, user: await addAndRegister(t.app, admin, USER_EMAIL) };
  await seedVendors(t.app, tokens.admin);
  return { t, tokens };
});

const signIn = async ({ t }: Battery, email: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
};

/** Whether the role's token still stands for what the role means (an admin, a user who is not one). */
async function isIntact({ t, tokens }: Battery, role: 'user' | 'admin') {
  const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(tokens[role]) });
  return response.statusCode === 200 && response.json().isAdmin === (role === 'admin');
}

/** Only a request that changes something can have changed the principals. */
let mayHaveChangedRoles = true;

/**
 * Undoes what a generated request may have done to the principals themselves (a logout, a user made admin or removed
 * from the list, the admin demoted), so every run sees the three roles it claims to send as.
 */
async function restoreRoles(battery: Battery) {
  const { t, tokens } = battery;
  if (!mayHaveChangedRoles) return;
  mayHaveChangedRoles = false;
  if (!(await isIntact(battery, 'admin'))) {
    await ensureAdmins({ db: t.database.db, clock: t.clock }, [ADMIN_EMAIL]);
    tokens.admin = await signIn(battery, ADMIN_EMAIL);
  }
  if (!(await isIntact(battery, 'user'))) {
    const users = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(tokens.admin) })).json() as {
      id: number | null;
      email: string;
      isAdmin: boolean;
    }[];
    const row = users.find((entry) => entry.email === USER_EMAIL);
    if (!row) {
      await t.app.inject({
        method: 'POST',
        url: '/api/authorized-emails',
        headers: bearer(tokens.admin),
        payload: { email: USER_EMAIL },
      });
    } else if (row.isAdmin) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${row.id}/permissions`,
        headers: bearer(tokens.admin),
        payload: { isAdmin: false },
      });
    }
    tokens.user = await signIn(battery, USER_EMAIL);
  }
}

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

function requestArbitrary({ operation }: { operation: Operation }) {
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

function urlOf(
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

const show = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text);

/** fast-check's report (seed, path, shrunk counterexample), with megabyte strings cut so that it stays readable. */
function reportFailure<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const report = `${fc.defaultReportMessage(details)}\n${cause}`;
  throw new Error(
    report.replace(/(.)\1{200,}/g, (run, character: string) => `${character.repeat(20)}...(${run.length} times)`),
  );
}

/** Each request from its own client address, so that sign-in throttling per address does not slow the battery. */
let requestCount = 0;
const nextRemoteAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

type GeneratedRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/** Sends one generated request and checks its answer against the document. */
async function checkAnswer(
  battery: Battery,
  method: string,
  path: string,
  operation: Operation,
  { role, pathValues, query, body }: GeneratedRequest,
) {
  const { t, tokens } = battery;
  await restoreRoles(battery);
  const url = urlOf(path, pathValues, query);
  const headers: Record<string, string> = role === 'anonymous' ? {} : bearer(tokens[role]);
  const payload = body.kind === 'json' ? JSON.stringify(body.value) : body.kind === 'raw' ? body.text : undefined;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') mayHaveChangedRoles = true;
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload,
    remoteAddress: nextRemoteAddress(),
  });
  const where = `${method} ${url} as ${role} -> ${response.statusCode}: ${show(response.body)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const documented = operation.responses[String(response.statusCode)];
  expect(documented, `undocumented status: ${where}`).toBeDefined();
  const json = documented!.content?.['application/json'];
  if (json) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    const validate = ajv.compile(json.schema);
    expect(
      validate(response.json()),
      `${where}\nbody does not match the documented schema: ${ajv.errorsText(validate.errors)}`,
    ).toBe(true);
  } else if (!documented!.content) {
    expect(response.body, where).toBe('');
  }
}

/** Requests checked per operation (method and path), printed when the file is done. */
const checkedPerOperation = new Map<string, number>();

describe('every operation of GET /api/openapi.json, fuzzed as anonymous, user and admin', () => {
  afterAll(() => {
    const lines = [...checkedPerOperation].map(([operation, count]) => `  ${String(count).padStart(3)}  ${operation}`);
    console.log(`Generated requests checked per operation (${lines.length} operations):\n${lines.join('\n')}`);
  });

  it('fuzzes the document the server publishes', async ({ battery: { t } }) => {
    const published = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(published.json()).toEqual(JSON.parse(JSON.stringify(document)));
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const entry of operations) {
    const { method, path, operation } = entry;
    it(
      `${method} ${path}: a documented status and body for each of ${RUNS_PER_OPERATION} generated requests, never a 5xx`,
      async ({ battery }) => {
        let checked = 0;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(entry), async (request) => {
            await checkAnswer(battery, method, path, operation, request);
            checked += 1;
          }),
          { numRuns: RUNS_PER_OPERATION, reporter: reportFailure },
        );
        checkedPerOperation.set(`${method} ${path}`, checked);
        expect(checked).toBe(RUNS_PER_OPERATION);
      },
      OPERATION_TIMEOUT_MS,
    );
  }
});
