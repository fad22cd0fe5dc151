import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { INVALID_INVITE_MESSAGE } from './service';

export const PUBLIC_URL = 'https://dispatch.agency.test';
export const NEUTRAL = { message: INVALID_INVITE_MESSAGE, code: 'forbidden' };

/** The app mailing through a real SMTP server (the first admin, `admin`, registers when a test names it). */
export const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend(
    'addUser',
    ({ app }) =>
      (admin: string, email: string) =>
        app.inject({ method: 'POST', url: '/api/authorized-emails', headers: bearer(admin), payload: { email } }),
  )
  .extend(
    'newLink',
    ({ app }) =>
      (token: string, id: number) =>
        app.inject({ method: 'POST', url: `/api/authorized-emails/${id}/invite`, headers: bearer(token) }),
  )
  .extend(
    'registerWith',
    ({ app }) =>
      (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/api/register', payload }),
  )
  .extend(
    'lookup',
    ({ app }) =>
      (invite: unknown) =>
        app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite } }),
  )
  .extend(
    'userCount',
    ({ database }) =>
      async () =>
        (await database.db.query.users.findMany()).length,
  );

/** Two ADMIN_EMAILS addresses, neither registered, and no mail server. */
export const withTwoAdmins = it.extend('env', ({ dataDir }): Record<string, string> => ({
  DATA_DIR: dataDir,
  ADMIN_EMAILS: `${ADMIN_EMAIL},second@agency.test`,
  PUBLIC_URL,
}));
