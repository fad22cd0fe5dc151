import {
  ADMIN_EMAIL,
  PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';

test('an admin adds a user, copies the invite link; the user signs up with it in a fresh browser and is then made admin', async ({
  page,
  request,
  browser,
}) => {
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL), '/settings');
  await expect(page.getByRole('heading', { name: 'User Permissions' })).toBeVisible();
  for (const column of ['User', 'Email', 'Admin', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Please enter an email address', { exact: true }).first()).toBeVisible();

  const email = uniqueEmail('new.colleague');
  await page.getByLabel('Email address of the user to add').fill(email);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User added successfully', { exact: true }).first()).toBeVisible();
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row.getByText('Pending Registration')).toBeVisible();
  await expect(row.getByText('Not registered yet')).toBeVisible();
  await expect(row.getByRole('switch')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // The link is shown with Copy; the new user opens it in a browser of their own and signs up.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: `Copy invite link for ${email}` }).click();
  await expect(page.getByText('Invite link copied', { exact: true }).first()).toBeVisible();
  const inviteUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(inviteUrl).toMatch(/\/auth\?invite=[\w-]{43}$/);
  await expect(row.getByRole('textbox', { name: `Invite link for ${email}`, exact: true })).toHaveValue(inviteUrl);

  const newcomer = await browser.newContext();
  const newPage = await newcomer.newPage();
  await newPage.goto(inviteUrl);
  await expect(newPage.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(newPage.getByLabel('Email')).toHaveValue(email);
  // The invite is read, then taken out of the address bar.
  await expect(newPage).toHaveURL(/\/auth$/);
  await newPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await newPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(newPage.getByText('Account created successfully', { exact: true }).first()).toBeVisible();
  await expect(newPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await newcomer.close();

  await page.reload();
  await expect(row.getByText('Registered', { exact: true })).toBeVisible();
  await expect(row.getByRole('switch')).toBeEnabled();
  await row.getByRole('switch').click();
  await expect(page.getByText('User permissions updated', { exact: true }).first()).toBeVisible();
  await expect(row.getByRole('switch')).toBeChecked();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Remove ${email}` }).click();
  await expect(page.getByText('User removed successfully', { exact: true }).first()).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('removing your own address is refused with the server message', async ({ page, request }) => {
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL), '/settings');
  await page
    .getByTestId(`user-row-${ADMIN_EMAIL}`)
    .getByRole('button', { name: `Remove ${ADMIN_EMAIL}` })
    .click();
  await expect(page.getByText('Failed to remove user', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('You cannot remove your own address.', { exact: true }).first()).toBeVisible();
});
