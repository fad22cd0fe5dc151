import {
  ADMIN_EMAIL,
  expect,
  expectNoSeriousA11yViolations,
  resizeTo,
  screenshots,
  signInWithToken,
  test,
  tokenFor,
} from './fixtures';
import { chooseResultsFile } from './results';
import { cpdSend } from './send-fixtures';

test('a WinRed-like results file is mapped, previewed and imported on the Results screen with its progress; an unmatched code is added to a vendor, and Deployment Details shows what each vendor raised', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, sendId, tag, acme, beta } = await cpdSend(request, 'Results');
  // After the send was mailed (whole seconds, later than its time): a contribution counts for a send mailed before it.
  const at = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const stray = `stray_${tag}`;
  const file = [
    'Transaction ID,Created At,Amount,Email,Source Code,Landing Page',
    `W1-${tag},${at},25.00,ann.${tag}@donors.test,${acme.utm},https://donate.example.org/give`,
    `W2-${tag},${at},40.00,bob.${tag}@donors.test,${beta.utm.toUpperCase()},https://donate.example.org/give`,
    `W3-${tag},${at},15.00,cy.${tag}@donors.test,${stray},https://donate.example.org/give`,
    `W4-${tag},${at},10.00,dee.${tag}@donors.test, ${stray} ,https://donate.example.org/give`,
  ].join('\n');

  await signInWithToken(page, admin, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Heritage Action' }).click();

  // Not ActBlue's columns: the mapping step, then the preview of the rows as mapped.
  await chooseResultsFile(page, `winred-${tag}.csv`, file);
  await expect(page.getByText("Not ActBlue's columns: choose which column holds what.")).toBeVisible();
  const mapping = page.getByRole('group', { name: 'Which column holds what' });
  await mapping.getByRole('combobox', { name: /^Contribution id/ }).selectOption('Transaction ID');
  await mapping.getByRole('combobox', { name: /^Date/ }).selectOption('Created At');
  await mapping.getByRole('combobox', { name: /^Amount/ }).selectOption('Amount');
  await mapping.getByRole('combobox', { name: 'Donor e-mail' }).selectOption('Email');
  await mapping.getByRole('checkbox', { name: 'Source Code' }).check();
  await expect(page.getByText('In the first 4 rows: 2 matched, 2 unmatched, 0 outside the window.')).toBeVisible();
  const previewRows = page.getByRole('region', { name: 'Preview of the first rows' }).getByRole('row');
  await expect(previewRows.filter({ hasText: `W1-${tag}` })).toContainText(acme.name);
  await expect(previewRows.filter({ hasText: `W1-${tag}` })).toContainText('Matched');
  await expect(previewRows.filter({ hasText: `W3-${tag}` })).toContainText('Unmatched');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'results-preview');

  // The upload is held at the network until the progress bar has been seen (a small file would pass it by).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/results/imports?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Importing...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText(/of \d+(\.\d)? (B|KB)/)).toBeVisible();
  release();
  await expect(
    page.getByText(
      'Imported 4 rows: 4 added, 0 updated, 0 unchanged; 2 matched, 2 unmatched, 0 outside the window, 0 refunded (0 refund or chargeback rows); 0 skipped.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/api/results/imports?*');

  // The unmatched code, trimmed and grouped, with its count and amount; an admin gives it to Acme.
  const codes = page.getByRole('list', { name: 'Codes not attributed' });
  const strayRow = codes.getByRole('listitem').filter({ hasText: stray });
  await expect(strayRow).toContainText('2 contributions · $25.00');
  await expect(strayRow).toContainText('Unmatched: no vendor has this code');
  const figures = page.getByRole('region', { name: /^Figures per vendor/ });
  await expect(figures.getByRole('row', { name: new RegExp(acme.name) })).toContainText('$25.00');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'results-imported');

  await strayRow.getByLabel(`Vendor for code ${stray}`).selectOption(acme.vendorId);
  await strayRow.getByRole('button', { name: `Add to vendor: ${stray}` }).click();
  await expect(codes.getByRole('listitem').filter({ hasText: stray })).toHaveCount(0);
  // Re-attributed at once: Acme now has its own gift and both stray ones.
  const acmeFigures = figures.getByRole('row', { name: new RegExp(acme.name) });
  await expect(acmeFigures.getByRole('cell')).toHaveText(['3', '3', '3', '$50.00', '$0.00', '$0.00', '$50.00']);

  // Deployment Details of the send: its 'Results' section, per vendor, with the totals.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deployment Log' }).click();
  await page
    .getByTestId(`log-entry-${sendId}`)
    .getByRole('button', { name: /show the Deployment Details/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const results = details.getByRole('region', { name: 'Results per vendor' });
  await expect(results.getByRole('row', { name: new RegExp(acme.name) }).getByRole('cell')).toHaveText([
    '3',
    '3',
    '3',
    '$50.00',
    '$0.00',
    '$0.00',
    '$50.00',
  ]);
  await expect(results.getByRole('row', { name: new RegExp(beta.name) }).getByRole('cell')).toHaveText([
    '1',
    '1',
    '1',
    '$40.00',
    '$0.00',
    '$0.00',
    '$40.00',
  ]);
  await expect(results.getByRole('row', { name: /Totals/ }).getByRole('cell')).toHaveText([
    '4',
    '4',
    '4',
    '$90.00',
    '$0.00',
    '$0.00',
    '$90.00',
  ]);
  await expect(details.getByRole('list', { name: 'How results are counted' })).toContainText(
    'Only the first payment of a recurring gift counts.',
  );
  await details.getByRole('heading', { name: 'Results' }).scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'deployment-details-results', { fullPage: false });
  // The table scrolls inside the dialog's width, on a phone too; it does not widen the dialog's body.
  for (const width of [1280, 390]) {
    await resizeTo(page, width, 844);
    const body = await results.evaluate((region) => {
      const section = region.closest('section')!.parentElement!;
      return { sectionWidth: section.scrollWidth, shownWidth: section.clientWidth };
    });
    expect(body.sectionWidth).toBeLessThanOrEqual(body.shownWidth);
  }

  // Vendor Settings lists the vendor's result codes: its UTM source and the code added above, which an admin removes.
  await details.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
  await page.getByTestId(`vendor-card-${acme.vendorId}`).getByRole('button', { name: acme.name }).click();
  const settings = page.getByRole('dialog', { name: 'Vendor Settings' });
  const resultCodes = settings.getByRole('list', { name: 'Result codes' });
  await expect(resultCodes.getByRole('listitem')).toHaveText([`${acme.utm}(UTM source)`, stray]);
  await expectNoSeriousA11yViolations(page);
  await settings.getByRole('button', { name: `Remove result code ${stray}` }).click();
  await expect(resultCodes.getByRole('listitem')).toHaveText([`${acme.utm}(UTM source)`]);
});

test("the client's saved mapping prefills the mapping step; a line the server cannot read past the preview's first 256 KB is named in an alert by the import area, and nothing is imported; the attribution window and the prior donor file are kept, and an admin deletes the import after a confirmation", async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const header = 'Gift,When,Total,Donor,Ref';
  const mapping = { id: 'Gift', date: 'When', amount: 'Total', email: 'Donor', codes: ['Ref'] };
  // A first import through the API saves the mapping for the client.
  const first = await request.post(
    `/api/results/imports?client=ron-pac&mapping=${encodeURIComponent(JSON.stringify(mapping))}`,
    {
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      data: `${header}\nG0-${tag},2026-11-02 10:00:00,5.00,zed.${tag}@donors.test,nobody_${tag}\n`,
    },
  );
  expect(first.status(), await first.text()).toBe(201);

  // 4,000 good rows (about 350 KB), then one whose amount cannot be read: line 4,002 (the header is line 1).
  const good = Array.from(
    { length: 4000 },
    (_, index) => `G${index + 1}-${tag},2026-11-02 10:00:00,12.00,donor${index}.${tag}@donors.test,nobody_${tag}`,
  );
  const file = [header, ...good, `GX-${tag},2026-11-02 10:00:00,twelve,bad.${tag}@donors.test,nobody_${tag}`].join(
    '\n',
  );
  expect(file.length).toBeGreaterThan(256 * 1024);

  await signInWithToken(page, admin, '/results?client=ron-pac');
  await expect(page.getByRole('radio', { name: 'RON PAC' })).toHaveAttribute('aria-checked', 'true');
  await chooseResultsFile(page, `other-${tag}.csv`, file);
  await expect(page.getByText("Not ActBlue's columns: the client's saved mapping is filled in below.")).toBeVisible();
  const step = page.getByRole('group', { name: 'Which column holds what' });
  await expect(step.getByRole('combobox', { name: /^Contribution id/ })).toHaveValue('Gift');
  await expect(step.getByRole('combobox', { name: /^Amount/ })).toHaveValue('Total');
  await expect(step.getByRole('checkbox', { name: 'Ref' })).toBeChecked();
  await expect(
    page.getByText(/^In the first [\d,]+ rows: 0 matched, [\d,]+ unmatched, 0 outside the window\.$/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText("Line 4002, column 'Total'");
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Imports' }).getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'results-import-refused');

  // The attribution window (anyone) and the prior donor file (admins), kept per client.
  const windowDays = page.getByRole('spinbutton', { name: 'Attribution window (days)' });
  await windowDays.fill('45');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Attribution window saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(windowDays).toHaveValue('45');
  await page
    .locator('input[type=file]')
    .nth(1)
    .setInputFiles({
      name: 'house-file.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email\nold.one.${tag}@donors.test\nOLD.two.${tag}@donors.test\n`),
    });
  await expect(page.getByText(/^2 prior donors on file/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete prior donor file' }).click();
  const confirmFile = page.getByRole('dialog', { name: 'Delete Prior Donor File' });
  await confirmFile.getByRole('button', { name: 'Delete File' }).click();
  await expect(page.getByText('No prior donor file.')).toBeVisible();

  // An admin deletes the import, after a confirmation: its contribution and its unmatched code go with it.
  await page
    .getByRole('list', { name: 'Imports' })
    .getByRole('button', { name: /^Delete import of / })
    .click();
  const confirmImport = page.getByRole('dialog', { name: 'Delete Import' });
  await expect(confirmImport).toContainText('This cannot be undone.');
  await expectNoSeriousA11yViolations(page);
  await confirmImport.getByRole('button', { name: 'Delete Import' }).click();
  await expect(page.getByText('No results imported for this client yet.')).toBeVisible();
  await expect(page.getByText('Every imported contribution is attributed.')).toBeVisible();
});

// Here rather than in a spec of its own: it reads the client's saved mapping, which this file's first test also saves
// for Heritage Action, and this file's tests run one at a time.
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
