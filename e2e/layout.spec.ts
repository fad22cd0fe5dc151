import { ADMIN_EMAIL, authorize, expect, expectNoSeriousA11yViolations, signInWithToken, test, tokenFor, uniqueEmail } from './fixtures';

test('the sidebar collapses, stays collapsed after a reload, and expands again', async ({ page, request }) => {
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL));
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveCSS('width', '256px');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveCSS('width', '64px');
  expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('true');
  await page.reload();
  await expect(sidebar).toHaveCSS('width', '64px');
  await expect(page.getByRole('link', { name: 'Vendors' })).toBeVisible();

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveCSS('width', '256px');
  expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('false');
});

test('a collapsed sidebar names its links in tooltips, on hover after a delay and at once on keyboard focus', async ({ page, request }) => {
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL));
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const vendors = page.getByRole('link', { name: 'Vendors' });
  await vendors.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText('Vendors');
  await expect(vendors).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);
  const link = await vendors.boundingBox();
  const tip = await tooltip.boundingBox();
  expect(tip!.x).toBeGreaterThan(link!.x + link!.width);
  await page.mouse.move(600, 400);
  await expect(tooltip).toHaveCount(0);

  await vendors.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Vendors');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
});

test('the profile menu shows the user and closes on an outside click', async ({ page, request }) => {
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL));
  await page.getByTestId('profile-menu-button').click();
  const menu = page.getByRole('menu', { name: 'Profile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText(ADMIN_EMAIL)).toBeVisible();
  await expect(menu.getByText('Admin', { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Connect Google Account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
});

test('a member does not see the Settings link, and /settings says Admins only', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('member');
  await authorize(request, admin, email);
  await signInWithToken(page, await tokenFor(request, email));
  await expect(page.getByRole('link', { name: 'Vendors' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByText('Admins only')).toBeVisible();
});
