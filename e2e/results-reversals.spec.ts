import { expect, expectNoSeriousA11yViolations, screenshots, signInWithToken, test } from './fixtures';
import { chooseResultsFile } from './results';
import { cpdSend } from './send-fixtures';

test("a WinRed export with two 'agency' columns: the WinRed preset fills the mapping, the second 'agency' column is picked by its position and picked again next time; its refund row is a reversal, its $0 row is skipped, and a refund of a gift not imported waits on the Results screen", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, tag, acme } = await cpdSend(request, 'Reversals');
  const at = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const file = [
    'Transaction ID,Date,Gross Amount,Email,Source Code,agency,agency',
    `W1-${tag},${at},50.00,ann.${tag}@donors.test,house,Agency One,${acme.utm}`,
    `W2-${tag},${at},"1,250.00",bob.${tag}@donors.test,house,Agency One,${acme.utm}`,
    `W1-${tag},${at},-$50.00,ann.${tag}@donors.test,house,,`,
    `W0-${tag},${at},0.00,,house,,`,
    `R9-${tag},${at},(20.00),cy.${tag}@donors.test,house,,`,
  ].join('\r\n');

  await signInWithToken(page, admin, '/results');
  await page.getByRole('radio', { name: 'Heritage Action' }).click();
  await chooseResultsFile(page, `winred-${tag}.csv`, file);
  const step = page.getByRole('group', { name: 'Which column holds what' });
  await expect(step).toBeVisible();
  // Every column by its position, with its first values: the two 'agency' columns are told apart.
  const codeBoxes = step.getByRole('checkbox');
  await expect(codeBoxes).toHaveCount(7);
  await expect(step.getByRole('checkbox', { name: /^6\. agency \(Agency One/ })).toBeVisible();
  await expect(step.getByRole('checkbox', { name: new RegExp(`^7\\. agency \\(${acme.utm}`) })).toBeVisible();

  await step.getByRole('combobox', { name: 'Start from a preset' }).selectOption({ label: 'WinRed export' });
  await expect(step.getByRole('combobox', { name: /^Contribution id/ })).toHaveValue('Transaction ID');
  await expect(step.getByRole('combobox', { name: /^Amount/ })).toHaveValue('Gross Amount');
  await expect(step.getByRole('combobox', { name: 'Donor e-mail' })).toHaveValue('Email');
  await expect(step.getByRole('checkbox', { name: /^5\. Source Code/ })).toBeChecked();
  // The preset is a start: the code is in the second 'agency' column.
  await step.getByRole('checkbox', { name: /^5\. Source Code/ }).uncheck();
  await step.getByRole('checkbox', { name: /^7\. agency/ }).check();
  await expect(page.getByText('In the first 2 rows: 2 matched, 0 unmatched, 0 outside the window.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'results-mapping-duplicate-columns');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByText(
      'Imported 2 rows: 2 added, 0 updated, 0 unchanged; 2 matched, 0 unmatched, 0 outside the window, 2 refunded (2 refund or chargeback rows); 1 skipped: $0 rows (fees, not gifts): line 5.',
    ),
  ).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Waiting for their gift' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting).toContainText(`R9-${tag}`);
  await expect(waiting).toContainText('Refund');
  await expect(waiting).toContainText('$20.00');
  // Gross counts each gift once, refunded its refund row, net the difference.
  const vendorRow = page.getByRole('row').filter({ hasText: acme.name });
  await expect(vendorRow).toContainText('$1,300.00');
  await expect(vendorRow).toContainText('$50.00');
  await expect(vendorRow).toContainText('$1,250.00');
  const imports = page.getByRole('list', { name: 'Imports' });
  await expect(imports.getByRole('listitem').first()).toContainText('Skipped: $0 rows (fees, not gifts): line 5');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'results-reversals-waiting');

  // The saved mapping picks the same 'agency' column next time.
  await page.reload();
  await chooseResultsFile(page, `winred-again-${tag}.csv`, file);
  await expect(page.getByText("Not ActBlue's columns: the client's saved mapping is filled in below.")).toBeVisible();
  await expect(step.getByRole('checkbox', { name: /^7\. agency/ })).toBeChecked();
  await expect(step.getByRole('checkbox', { name: /^6\. agency/ })).not.toBeChecked();
});
