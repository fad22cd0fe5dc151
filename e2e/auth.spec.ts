import { ADMIN_EMAIL, PASSWORD, expect, expectNoSeriousA11yViolations, setupUrlFor, test, tokenFor } from './fixtures';

test('the first admin signs up, signs out and signs in again', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const alreadyRegistered = (
    await request.post('/api/login', { data: { email: ADMIN_EMAIL, password: PASSWORD } })
  ).ok();
  if (!alreadyRegistered) {
    await page.goto(setupUrlFor(ADMIN_EMAIL));
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully', { exact: true }).first()).toBeVisible();
  } else {
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();

  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Logged in successfully', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a wrong password shows the server message and the password can be shown', async ({ page, request }) => {
  await tokenFor(request, ADMIN_EMAIL);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not the password');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Invalid email or password', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the old token stops working after logout', async ({ page, request }) => {
  const token = await tokenFor(request, ADMIN_EMAIL);
  await page.goto('/auth');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto('/');
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const response = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});
