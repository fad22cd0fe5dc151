import type { RunningServer } from '#server/testing/server-process';
import { startOwnServer } from './own-server';
import { ADMIN_EMAIL, PASSWORD, authorize, expect, inviteTokenOf, test, tokenFor, uniqueEmail } from './fixtures';

test.describe('the first admin', () => {
  let server: RunningServer;
  const FIRST_ADMIN = 'first.admin@agency.test';
  test.beforeAll(async () => {
    // An install of its own where nobody has registered, and its log is this test's to read.
    server = await startOwnServer({ ADMIN_EMAILS: FIRST_ADMIN });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('opens the setup link from the server log and creates the account', async ({ page }) => {
    const setupUrl = await server.setupUrl(FIRST_ADMIN);
    expect(setupUrl).toMatch(new RegExp(`^${server.url}/auth\\?invite=[\\w-]{43}$`));
    await page.goto(setupUrl);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(FIRST_ADMIN);
    await expect(page).toHaveURL(`${server.url}/auth`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();

    // The link worked once.
    const again = await page.request.post(`${server.url}/api/register`, {
      data: { email: FIRST_ADMIN, password: 'another password', invite: inviteTokenOf(setupUrl) },
    });
    expect(again.status()).toBe(403);
  });
});

test('a used invite link opens Sign up with the neutral message and no address', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('used.link');
  const { inviteUrl } = await authorize(request, admin, email);
  await tokenFor(request, email);
  await page.goto(inviteUrl);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(
    page.getByText('This invitation is not valid for this address.', { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page).toHaveURL(/\/auth$/);
});

test('sign-in throttling shows its message on the sign-in page', async ({ page, request }) => {
  const email = uniqueEmail('throttled');
  for (let i = 0; i < 5; i++)
    expect((await request.post('/api/login', { data: { email, password: `guess ${i}` } })).status()).toBe(401);
  const refused = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(
    page.getByText(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/).first(),
  ).toBeVisible();
});
