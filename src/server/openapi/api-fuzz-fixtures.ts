import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ensureAdmins } from '#server/modules/users/service';
import { test } from '#server/testing/fixtures';
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
import { urlOf, type GeneratedRequest, type Operation, type Role } from './api-fuzz-requests';

const USER_EMAIL = 'fuzz.user@agency.test';

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

/** The app the whole battery runs against, and the tokens of its principals (restored when a request changed them). */
export interface Battery {
  t: TestContext;
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
}

/**
 * One app for the whole file, as the battery's runs per operation are cheap and an app per operation is not: file-scoped,
 * so built here rather than from the per-test app fixtures.
 */
export const it = test.extend('battery', { scope: 'file' }, async ({}, { onCleanup }): Promise<Battery> => {
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

const show = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text);

/** fast-check's report (seed, path, shrunk counterexample), with megabyte strings cut so that it stays readable. */
export function reportFailure<T>(details: fc.RunDetails<T>) {
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

/** Sends one generated request and checks its answer against the document. */
export async function checkAnswer(
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
