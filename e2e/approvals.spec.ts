import { startOwnServer } from './own-server';
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

test('a member adds an approval address, is refused a duplicate, and deletes it', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const member = uniqueEmail('approver');
  await authorize(request, admin, member);
  await signInWithToken(page, await tokenFor(request, member), '/approvals');
  await expect(page.getByRole('heading', { name: 'Approval Emails' })).toBeVisible();
  await expect(page.getByText(/CC'd on vendor emails and included in approval requests/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const input = page.getByLabel('Approval email address');
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await input.fill('   ');
  await expect(add).toBeDisabled();

  const email = uniqueEmail('approvals');
  await input.fill(`  ${email} `);
  await input.press('Enter');
  await expect(page.getByTestId('toast').getByText('Approval email added successfully', { exact: true })).toBeVisible();
  await expect(input).toHaveValue('');
  const row = page.getByTestId(`approval-row-${email}`);
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await input.fill(email);
  await add.click();
  await expect(page.getByTestId('toast').getByText('Failed to add approval email', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast').getByText(`${email} is already an approval address.`)).toBeVisible();
  await expect(row).toHaveCount(1);

  await input.fill('not-an-address');
  await add.click();
  await expect(page.getByTestId('toast').getByText('Failed to add approval email', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast').getByText('email must be a valid e-mail address')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await expect(
    page.getByTestId('toast').getByText('Approval email deleted successfully', { exact: true }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
});

test.describe('on a server of its own', () => {
  const ADMIN = 'approvals.admin@agency.test';
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'outbox' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('with no approval addresses the list says how to start', async ({ page, playwright }) => {
    // The shared server's list is other specs' to fill: a new server's is really empty.
    const { request, token } = await firstAdminOf(server, playwright, ADMIN);
    await request.dispose();
    await signInWithToken(page, token, '/approvals', server.url);
    await expect(
      page.getByText('No approval emails configured. Add one above to get started.', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
