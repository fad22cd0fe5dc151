import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ADMIN_EMAIL, authorize, expect, signInWithToken, test, tokenFor, uniqueEmail } from './fixtures';

/** The fake Google that playwright.config.ts starts next to the app. */
const FAKE_GOOGLE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 5392}`;
/** A picture the page can show offline (Google's would be an https address). */
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#4285F4"/></svg>')}`;

async function useGoogleAccount(request: APIRequestContext, email: string, givenName = 'Grace') {
  const response = await request.post(`${FAKE_GOOGLE}/_fake/account`, {
    data: { sub: `sub-${email}`, email, email_verified: true, given_name: givenName, picture: PICTURE },
  });
  expect(response.ok()).toBeTruthy();
}

async function setConsentError(request: APIRequestContext, error: string | null) {
  expect((await request.post(`${FAKE_GOOGLE}/_fake/authorize-error`, { data: { error } })).ok()).toBeTruthy();
}

/** The URLs of the page's navigations (what lands in the history and in the server's request log). */
function recordNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('request', (sent: Request) => {
    if (sent.isNavigationRequest()) navigations.push(sent.url());
  });
  return navigations;
}

test.afterEach(async ({ request }) => {
  await setConsentError(request, null);
});

test("'Continue with Google' registers an authorized address, signs in with the toast and leaves no token in the URL", async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('google');
  await authorize(request, admin, email);
  await useGoogleAccount(request, email);
  const navigations = recordNavigations(page);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page.getByText('Logged in with Google successfully', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The sign-in ended on a one-time code (gone from the address bar), never on the session token.
  expect(navigations.some((url) => /\/\?google_code=[\w-]+$/.test(url))).toBeTruthy();
  expect(navigations.filter((url) => url.includes('token'))).toEqual([]);

  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const me = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email, googleProfileImageUrl: PICTURE });

  await page.getByTestId('profile-menu-button').click();
  const menu = page.getByRole('menu', { name: 'Profile' });
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.locator('img')).toHaveAttribute('src', PICTURE);
  await expect(page.getByRole('menuitem', { name: 'Connect Google Account' })).toHaveCount(0);
});

test("'Connect Google Account' links Google to a password account without putting the bearer token in a URL", async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('connect');
  await authorize(request, admin, email);
  const token = await tokenFor(request, email);
  await useGoogleAccount(request, email);

  const navigations = recordNavigations(page);
  await signInWithToken(page, token);
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Connect Google Account' }).click();

  await expect(page.getByText('Logged in with Google successfully', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(navigations.some((url) => /\/auth\/google\?ticket=[\w-]+$/.test(url))).toBeTruthy();
  expect(navigations.filter((url) => url.includes(token))).toEqual([]);
  // The user keeps the session they connected with.
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(token);

  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByRole('menu', { name: 'Profile' }).locator('img')).toHaveAttribute('src', PICTURE);
  await expect(page.getByRole('menuitem', { name: 'Connect Google Account' })).toHaveCount(0);
});

test('an address that is not authorized lands on Access Denied', async ({ page, request }) => {
  await useGoogleAccount(request, uniqueEmail('stranger').replace('@agency.test', '@elsewhere.test'));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText('Access Denied', { exact: true })).toBeVisible();
});

test('a cancelled consent comes back to the sign-in screen with a message', async ({ page, request }) => {
  await setConsentError(request, 'access_denied');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Google sign-in was cancelled.', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});

test('a signed-in session is never replaced by a Google code or a token in a URL', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const mine = uniqueEmail('signed-in');
  const other = uniqueEmail('other');
  const googleUser = uniqueEmail('google-other');
  for (const email of [mine, other, googleUser]) await authorize(request, admin, email);
  const myToken = await tokenFor(request, mine);
  const otherToken = await tokenFor(request, other);
  await useGoogleAccount(request, googleUser);

  const profileEmail = async () => {
    await page.getByTestId('profile-menu-button').click();
    const text = await page.getByRole('menu', { name: 'Profile' }).textContent();
    await page.keyboard.press('Escape');
    return text;
  };

  await signInWithToken(page, myToken);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // A Google sign-in of another account finishing in this browser (another tab, a link): the session stays.
  await page.goto('/auth/google');
  await expect(page.getByText(`You are still signed in as ${mine}`, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(myToken);
  expect(await profileEmail()).toContain(mine);

  // Someone else's session token in a link is removed from the address and never used.
  await page.goto(`/?token=${encodeURIComponent(otherToken)}`);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(myToken);
  expect(await profileEmail()).not.toContain(other);

  // Signed out, such a link does not sign anyone in either.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/?token=${encodeURIComponent(otherToken)}`);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});
