import {
  ADMIN_EMAIL,
  authorize,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the access-denied page sends the user back to sign in without a token', async ({ page }) => {
  await page.goto('/access-denied');
  await page.evaluate(() => localStorage.setItem('auth_token', 'stale-token'));
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Please contact your admin for access.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('a user whose address is removed lands on access denied', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('leaver');
  const { id } = await authorize(request, admin, email);
  await signInWithToken(page, await tokenFor(request, email));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await request.delete(`/api/authorized-emails/${id}`, { headers: { authorization: `Bearer ${admin}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/access-denied$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('a signed-out visitor of a signed-in page is sent to sign in', async ({ page }) => {
  await page.goto('/vendors');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});
