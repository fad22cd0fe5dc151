import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '#server/db/schema';
import { fakeGoogleEnv } from '#server/testing/fake-google';
import { test } from '#server/testing/fixtures';
import { captureLogs } from '#server/testing/log-capture';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';

/** An app at a public https address pointed at the fake Google; its helpers as file fixtures. */
export const it = test
  .extend('fake', ({ google }) => {
    google.account = {
      sub: 'sub-admin',
      email: ADMIN_EMAIL,
      email_verified: true,
      given_name: 'Ada',
      picture: 'https://lh3.example/ada.png',
    };
    return google;
  })
  .extend('env', ({ fake }): Record<string, string> => ({
    ...fakeGoogleEnv(fake),
    PUBLIC_URL: 'https://dispatch.agency.test',
  }))
  .extend('logs', () => captureLogs())
  .extend(
    'userRow',
    ({ t }) =>
      (email: string) =>
        t.database.db.query.users.findFirst({ where: eq(users.email, email) }),
  )
  .extend(
    'getUser',
    ({ t }) =>
      (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
  )
  .extend('connectTicket', ({ t }) => async (token: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/connect-ticket',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(201);
    return response.json().ticket as string;
  });
