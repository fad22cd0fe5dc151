import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpErrorOfDatabaseError } from './db/errors';
import { ADMIN_EMAIL, bearer, createTestApp, register, type TestContext } from './testing/test-app';

/** Counterexamples the generated battery (openapi/api-fuzz.test.ts) found, kept as regular tests: each was a 500. */

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  // A route that hands the error handler whatever the database refuses, as a gap in validation would.
  t.app.post('/test/database-refusal', async (request) => {
    const { statements } = request.body as { statements: string[] };
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    return {};
  });
  token = await register(t.app, ADMIN_EMAIL);
});
afterAll(async () => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('ids above PostgreSQL integer range answer 400', () => {
  it.each([
    ['DELETE', '/api/authorized-emails/9007199254740991', undefined],
    ['PATCH', '/api/users/2251799813685247/permissions', { isAdmin: false }],
    ['DELETE', '/api/approval-emails/1125899906842623', undefined],
    ['GET', '/api/email-logs/4337652536161/deliveries/4-/eml', undefined],
    ['POST', '/api/email-logs/1099511627777/retry-failed', undefined],
    ['POST', '/api/email-logs/4421126804226/deliveries/ref/send-again', undefined],
    ['GET', '/api/audit-log?before=2147483648', undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/is too large$/);
  });

  it('still takes the largest integer id (and finds nothing there)', async () => {
    expect((await send('DELETE', '/api/approval-emails/2147483647')).statusCode).toBe(404);
  });

  it('refuses a card order above the integer range', async () => {
    const response = await send('POST', '/api/prospecting-drafts', {
      cardId: 'main',
      cardType: 'email',
      cardOrder: 2 ** 31,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'cardOrder', message: 'cardOrder is too large' });
  });
});

describe('a NUL character in any text answers 400 naming the field', () => {
  it.each([
    [
      'a vendor name',
      'POST',
      '/api/vendors',
      { vendorId: 'nul1', name: 'Acme\u0000', emails: ['a@acme.test'], defaultUtmSource: 'acme' },
      'name',
    ],
    [
      'a hub key of a vendor',
      'POST',
      '/api/vendors',
      {
        vendorId: '0ll_apply_na',
        name: 'keyprototy',
        emails: ['5g@565sa231ov0.agency.test'],
        defaultUtmSource: '&2iK`0tOx',
        emailProspectingKey: null,
        textProspectingKey: '\u0000',
      },
      'textProspectingKey',
    ],
    [
      'a link key of a draft',
      'POST',
      '/api/prospecting-drafts',
      { cardId: 'main', cardType: 'email', vendorLinks: { 'ac\u0000me': 'https://x.test' } },
      'vendorLinks.ac\u0000me',
    ],
    ['a draft subject', 'PATCH', '/api/prospecting-drafts/main', { htmlSubject: 'Hi\u0000' }, 'htmlSubject'],
    ['the selected client', 'PATCH', '/api/prospecting-session', { selectedClient: '\u0000' }, 'selectedClient'],
    ['a file key in the path', 'GET', '/api/files/a%00b?type=html', undefined, 'key'],
    ['a filter of the log', 'GET', '/api/email-logs?q=%00', undefined, 'q'],
  ] as const)('%s', async (_what, method, url, payload, field) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: `${field} must not contain NUL characters`,
      field,
      code: 'invalid-request',
    });
  });
});

describe('what the database refuses is a 4xx, never a 500, when validation lets it through', () => {
  it.each([
    ['22003, an integer out of range', ['select 2147483648::int'], 400],
    [
      '22001, a text too long for its column',
      ['create table if not exists short_text (value varchar(2))', "insert into short_text values ('abc')"],
      400,
    ],
    ['22P02, a number that is not one', ["select 'ten'::int"], 400],
    ['23505, a duplicate', [`insert into authorized_emails (email) values ('${ADMIN_EMAIL}')`], 409],
    ['23502, a missing value', ['insert into authorized_emails (email) values (null)'], 400],
  ])('%s', async (_what, statements, status) => {
    const response = await t.app.inject({ method: 'POST', url: '/test/database-refusal', payload: { statements } });
    expect(response.statusCode).toBe(status);
    expect(Object.keys(response.json())).toEqual(['message', 'code']);
  });

  it('maps NUL characters the database cannot store (22021 in text, 22P05 in jsonb)', async () => {
    const refusals = await Promise.all(
      [sql`select ${'a\u0000b'}::text`, sql`select ${'{"a":"\\u0000"}'}::jsonb`].map((query) =>
        t.database.db.execute(query).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    for (const refusal of refusals.filter(Boolean)) expect(httpErrorOfDatabaseError(refusal)?.statusCode).toBe(400);
    // One of the two engines stores neither: the jsonb escape is refused by both.
    expect(refusals[1]).toBeDefined();
  });

  it('leaves other failures as 500', () => {
    expect(httpErrorOfDatabaseError(Object.assign(new Error('connection lost'), { code: '08006' }))).toBeUndefined();
    expect(httpErrorOfDatabaseError(new Error('plain'))).toBeUndefined();
  });
});
