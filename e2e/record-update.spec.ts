import { expect, expectNoSeriousA11yViolations, keepScreenshot, resizeTo, signInWithToken, test } from './fixtures';
import { cpdSend } from './send-fixtures';
import { newYorkDate } from '#shared/rules/new-york-time';

test("'Record an update' in Deployment Details reports 'Deployed' for a vendor who answered by e-mail; the log entry and the Tracking board show it", async ({
  page,
  request,
}) => {
  const { admin, sendId, acme, beta } = await cpdSend(request, 'Recorded');
  // The day the send was mailed (a deployment cannot be dated before it).
  const mailedOn = newYorkDate(new Date());

  await signInWithToken(page, admin, '/deployment-log');
  const entry = page.getByTestId(`log-entry-${sendId}`);
  await entry.getByRole('button', { name: /show the Deployment Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const acmeRow = details.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: acme.name });
  await expect(acmeRow.getByText('Deployed', { exact: true })).toHaveCount(0);

  await acmeRow.getByRole('button', { name: `Record an update for ${acme.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record an update for ${acme.name}` });
  // The vendor page's own buttons and forms, word for word.
  for (const name of [
    'Confirm received',
    'Seed test sent',
    'Save schedule',
    'Report deployed',
    'Send note',
    'Report cannot deploy',
  ]) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
  }
  const deployed = dialog.getByRole('region', { name: 'Deployed' });
  await deployed.getByLabel('Deployment date').fill(mailedOn);
  await deployed.getByLabel('Quantity sent').fill('40000');
  await expectNoSeriousA11yViolations(page);
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await resizeTo(page, width, height);
    await keepScreenshot(page, `record-update-dialog-${name}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await deployed.getByRole('button', { name: 'Report deployed' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Update recorded', { exact: true })).toBeVisible();
  await expect(acmeRow.getByText('Deployed', { exact: true })).toBeVisible();
  await expect(acmeRow.getByText(`${mailedOn} · 40,000`)).toBeVisible();
  // Beta is untouched.
  const betaRow = details.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: beta.name });
  await expect(betaRow.getByText('Deployed', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await resizeTo(page, width, height);
    await keepScreenshot(page, `record-update-details-${name}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Behind the dialog, the log entry shows it too.
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(
    entry
      .getByRole('list', { name: 'Vendors' })
      .getByRole('listitem')
      .filter({ hasText: acme.name })
      .getByText(`${mailedOn} · 40,000`),
  ).toBeVisible();

  // And the Tracking board, under 'Deployed'.
  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'Tracking' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Deployed' }).getByRole('listitem').filter({ hasText: acme.name });
  await expect(card).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Deployed' }).getByRole('listitem').filter({ hasText: beta.name }),
  ).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
