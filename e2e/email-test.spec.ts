import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_EMAIL, authorize, expect, expectNoSeriousA11yViolations, signInWithToken, test, tokenFor, uniqueEmail } from './fixtures';

async function freshUser(request: APIRequestContext) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('tester');
  await authorize(request, admin, email);
  return { token: await tokenFor(request, email), email };
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Test Email' });

function outboxMessages(): string[] {
  const folder = join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(folder, name), 'utf8').replace(/=\r?\n/g, ''));
}

test('the form says what is missing, then sends through the outbox', async ({ page, request }) => {
  const { token, email } = await freshUser(request);
  await signInWithToken(page, token, '/email-test');
  await expect(page.getByRole('heading', { name: 'Email Test' })).toBeVisible();
  await expect(page.getByText(/Google sign-in is required for sending through Gmail/)).toBeVisible();
  await expect(page.getByLabel('HTML Content (optional)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await sendButton(page).click();
  await expect(toast(page, 'Please complete: To, Subject, Text or HTML content')).toBeVisible();
  await expect(page.getByText('Enter at least one address.')).toBeVisible();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expect(page.getByText('Add text content or HTML content.')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  const tag = Date.now().toString(36);
  await page.getByLabel('To', { exact: true }).fill(`inbox.${tag}@example.test`);
  await page.getByLabel('Subject').fill(`Test message ${tag}`);
  await expect(page.getByText('Enter at least one address.')).toHaveCount(0);
  await expect(page.getByText('Enter a subject.')).toHaveCount(0);
  await sendButton(page).click();
  await expect(toast(page, 'Please complete: Text or HTML content')).toBeVisible();

  // HTML alone is enough.
  await page.getByLabel('HTML Content (optional)').fill(`<p>Rich ${tag}</p>`);
  await expect(page.getByText('Add text content or HTML content.')).toHaveCount(0);
  await sendButton(page).click();
  await expect(toast(page, 'Email sent successfully')).toBeVisible();
  await expect(toast(page, `Sent to inbox.${tag}@example.test.`)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  const message = outboxMessages().find((raw) => raw.includes(`Test message ${tag}`));
  expect(message).toBeDefined();
  expect(message).toMatch(new RegExp(`^To: inbox\\.${tag}@example\\.test`, 'm'));
  expect(message).toContain(`<p>Rich ${tag}</p>`);
  expect(message).toContain(email);
});

test('without a token, with a server refusal, a Google requirement or an outage, each message of the spec', async ({ page, request }) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token, '/email-test');
  const fill = async (to: string) => {
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Text Content').fill('Plain words');
  };

  // The server's own message.
  await fill('not an address');
  await sendButton(page).click();
  await expect(toast(page, 'Failed to send email')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText(/to\.0 /);

  await page.route('**/api/send-email', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ requiresGoogleAuth: true, message: 'Google Authentication Required: Please sign in with Google to enable Gmail sending.' }),
    }),
  );
  await fill('someone@example.test');
  await sendButton(page).click();
  await expect(toast(page, 'Google Authentication Required')).toBeVisible();
  await expect(toast(page, 'Please sign in with Google to enable Gmail sending.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Hello');

  await page.unroute('**/api/send-email');
  // A proxy's bare 503 with no body: our server always answers JSON {message}, so only the way to it can give this.
  await page.route('**/api/send-email', (route) => route.fulfill({ status: 503, body: '' }));
  await sendButton(page).click();
  await expect(toast(page, 'Failed to send email')).toBeVisible();
  await expect(toast(page, 'Something went wrong')).toBeVisible();

  let posted = false;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/send-email')) posted = true;
  });
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await sendButton(page).click();
  await expect(toast(page, 'Please login to send emails')).toBeVisible();
  expect(posted).toBe(false);
});

test("'Sign in with Google for Gmail Access' goes to /auth/google with a one-time ticket; 'Back to Home' goes home", async ({ page, request }) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token, '/email-test');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/email-test');
  const ticket = page.waitForResponse((response) => response.url().endsWith('/api/auth/google/connect-ticket'));
  const leaving = page.waitForRequest((call) => /\/auth\/google\?ticket=[^&]+$/.test(call.url()));
  await page.getByRole('button', { name: 'Sign in with Google for Gmail Access' }).click();
  expect((await ticket).ok()).toBe(true);
  // Our server takes the ticket and sends the browser on to Google's consent page (the fake Google's, on this machine).
  const redirect = (await (await leaving).response())!;
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()['location']).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_GOOGLE_PORT ?? 5392}/authorize\\?`));
});
