import { TOOLTIP_DELAY_MS } from '../src/client/components/ui/tooltip';
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

test('a collapsed sidebar names its links in tooltips, on hover after a delay and at once on keyboard focus', async ({
  page,
  request,
}) => {
  // The page's clock is ours, so the delay is measured in page time: nothing shows before it has passed, however
  // slow or fast this machine is, and the tooltip shows once it has.
  await page.clock.install();
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL));
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const vendors = page.getByRole('link', { name: 'Vendors' });
  const tooltip = page.getByRole('tooltip');
  await expect(vendors).toBeVisible();
  await page.clock.pauseAt(Date.now() + 2_000);

  await vendors.hover();
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(TOOLTIP_DELAY_MS - 1);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(tooltip).toHaveText('Vendors');
  await expect(vendors).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);
  const link = await vendors.boundingBox();
  const tip = await tooltip.boundingBox();
  expect(tip!.x).toBeGreaterThan(link!.x + link!.width);
  await page.mouse.move(600, 400);
  await expect(tooltip).toHaveCount(0);

  // Keyboard focus: shown with no time passing at all.
  await vendors.focus();
  await expect(tooltip).toHaveText('Vendors');
  // axe waits on the page's timers: the clock runs again for it.
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
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
