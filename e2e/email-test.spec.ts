import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  authorize,
  expect,
  expectNoSeriousA11yViolations,
  firstAdminOf,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';
import { fakeGoogleEnv } from '#server/testing/fake-google';
import { outboxTexts, unfolded } from './outbox';
import { startOwnServer } from './own-server';

async function freshUser(request: APIRequestContext) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('tester');
  await authorize(request, admin, email);
  return { token: await tokenFor(request, email), email };
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Test Email' });
/**
 * Closes the toasts, as a user does who has read them: an error toast stays 20 seconds, over the bottom right of the
 * page where the form's button is on a laptop's screen.
 */
async function dismissToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await close.click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
}
/** The fake Google that playwright.config.ts starts next to the app. */
const FAKE_GOOGLE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 5392}`;

async function fillForm(page: Page, to: string, subject = 'Hello') {
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Text Content').fill('Plain words');
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
  await dismissToasts(page);
  await sendButton(page).click();
  await expect(toast(page, 'Please complete: Text or HTML content')).toBeVisible();

  // HTML alone is enough.
  await page.getByLabel('HTML Content (optional)').fill(`<p>Rich ${tag}</p>`);
  await expect(page.getByText('Add text content or HTML content.')).toHaveCount(0);
  await dismissToasts(page);
  await sendButton(page).click();
  await expect(toast(page, 'Email sent successfully')).toBeVisible();
  await expect(toast(page, `Sent to inbox.${tag}@example.test.`)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  const message = outboxTexts()
    .map(unfolded)
    .find((raw) => raw.includes(`Test message ${tag}`));
  expect(message).toBeDefined();
  expect(message).toMatch(new RegExp(`^To: inbox\\.${tag}@example\\.test`, 'm'));
  expect(message).toContain(`<p>Rich ${tag}</p>`);
  expect(message).toContain(email);
});

test('without a token, with a server refusal or an outage, each message of the spec', async ({ page, request }) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token, '/email-test');
  await fillForm(page, 'not an address');

  // The server's own message.
  await sendButton(page).click();
  await expect(toast(page, 'Failed to send email')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText(/to\.0 /);

  await fillForm(page, 'someone@example.test');
  // A proxy's bare 503 with no body: our server always answers JSON {message}, so only the way to it can give this.
  await page.route('**/api/send-email', (route) => route.fulfill({ status: 503, body: '' }));
  await dismissToasts(page);
  await sendButton(page).click();
  await expect(toast(page, 'Failed to send email')).toBeVisible();
  await expect(toast(page, 'Something went wrong')).toBeVisible();

  let posted = false;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/send-email')) posted = true;
  });
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await dismissToasts(page);
  await sendButton(page).click();
  await expect(toast(page, 'Please login to send emails')).toBeVisible();
  expect(posted).toBe(false);
});

/**
 * A server of its own that mails through Gmail (MAIL_TRANSPORT=gmail), Google being the fake Google that
 * playwright.config.ts starts: the 'Google Authentication Required' answer is our server's, for a user with no Google
 * connection; once connected through the page's button, the same form sends through (fake) Gmail.
 */
test.describe('on a server of its own that sends through Gmail', () => {
  const ADMIN = 'gmail-test.admin@agency.test';
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({
      ADMIN_EMAILS: ADMIN,
      MAIL_TRANSPORT: 'gmail',
      ...fakeGoogleEnv({ url: FAKE_GOOGLE }),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a user with no Google connection is told 'Google Authentication Required', and sends once connected", async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const { request, token } = await firstAdminOf(server, playwright, ADMIN);
    const tag = Date.now().toString(36);
    const subject = `Gmail test ${tag}`;
    await signInWithToken(page, token, '/email-test', server.url);
    await fillForm(page, `inbox.${tag}@example.test`, subject);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/send-email');
    await sendButton(page).click();
    // Our server's answer, not one written here.
    const answer = await answered;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({
      requiresGoogleAuth: true,
      message: 'Google Authentication Required: Please sign in with Google to enable Gmail sending.',
      code: 'requires-google-auth',
    });
    await expect(toast(page, 'Google Authentication Required')).toBeVisible();
    await expect(toast(page, 'Please sign in with Google to enable Gmail sending.')).toBeVisible();
    await expect(toast(page, 'Failed to send email')).toHaveCount(0);
    // Nothing typed is lost.
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expectNoSeriousA11yViolations(page);

    // The page's own way out: connect Google (the fake's account is this user's), then the same message goes through Gmail.
    const account = await request.post(`${FAKE_GOOGLE}/_fake/account`, {
      data: { sub: `sub-${ADMIN}-${tag}`, email: ADMIN, email_verified: true, given_name: 'Gail' },
    });
    expect(account.ok()).toBe(true);
    await page.getByRole('button', { name: 'Sign in with Google for Gmail Access' }).click();
    await expect(page.getByText('Logged in with Google successfully', { exact: true }).first()).toBeVisible();
    await page.goto(`${server.url}/email-test`);
    await fillForm(page, `inbox.${tag}@example.test`, subject);
    await sendButton(page).click();
    await expect(toast(page, 'Email sent successfully')).toBeVisible();
    const sent = (await (await request.get(`${FAKE_GOOGLE}/_fake/sent`)).json()) as { sender: string; raw: string }[];
    const mine = sent.filter((message) => Buffer.from(message.raw, 'base64').toString('utf8').includes(subject));
    expect(mine.map((message) => message.sender)).toEqual([ADMIN]);
    await request.dispose();
  });
});

test("'Sign in with Google for Gmail Access' goes to /auth/google with a one-time ticket; 'Back to Home' goes home", async ({
  page,
  request,
}) => {
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
  expect(redirect.headers()['location']).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_GOOGLE_PORT ?? 5392}/authorize\\?`),
  );
});
