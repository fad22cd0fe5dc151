import { ACTBLUE_COLUMNS } from '#shared/results/columns';
import { newYorkStamp } from '#shared/rules/new-york-time';
import { expect, expectNoSeriousA11yViolations, screenshots, signInWithToken, test } from './fixtures';
import { cpdSend } from './send-fixtures';

/** An ActBlue export of these gifts (refcode, amount, donor), dated two minutes from now in New York. */
function actBlueFile(tag: string, gifts: readonly [code: string, amount: string, email: string][]) {
  const at = `${newYorkStamp(new Date(Date.now() + 120_000)).replace('T', ' ')}:00`;
  const lines = gifts.map(([code, amount, email], index) => {
    const row: Record<string, string> = {
      'Lineitem ID': `P${index}-${tag}`,
      'Receipt ID': `R${index}-${tag}`,
      Date: at,
      Amount: amount,
      'Reference Code': code,
      'Donor Email': email,
    };
    return ACTBLUE_COLUMNS.map((column) => row[column] ?? '').join(',');
  });
  return [ACTBLUE_COLUMNS.join(','), ...lines].join('\n');
}

test('Vendor performance: the table sorts by a column and leads to the sends, the charts have accessible names, and Select Vendors shows each vendor’s last 90 days', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A CPD send ($12.50 per donor) to two new vendors; Acme raises $65 from two donors, Beta $10 from one.
  const { admin, tag, sendId, acme, beta } = await cpdSend(request, 'Performance');
  const headers = { authorization: `Bearer ${admin}` };
  const imported = await request.post('/api/results/imports?client=heritage-action', {
    headers: { ...headers, 'content-type': 'text/csv' },
    data: actBlueFile(tag, [
      [acme.utm, '25.00', `ann.${tag}@donors.test`],
      [acme.utm, '40.00', `bob.${tag}@donors.test`],
      [beta.utm, '10.00', `cy.${tag}@donors.test`],
    ]),
  });
  expect(imported.status(), await imported.text()).toBe(201);
  // A third vendor with no send: 'No results yet'.
  const idle = { vendorId: `idle${tag}`, name: `Idle ${tag}` };
  const added = await request.post('/api/vendors', {
    headers,
    data: { ...idle, emails: [`idle.${tag}@lists.test`], defaultUtmSource: `idle_${tag}` },
  });
  expect(added.status(), await added.text()).toBe(201);

  await signInWithToken(page, admin, '/results?client=heritage-action');
  await page.getByRole('link', { name: 'Vendor performance' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor performance', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Vendor performance, sends from/ });
  const acmeRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: acme.name }) });
  // 2 × $12.50 owed against $65 net: ROI 160 %; Beta: $12.50 against $10, −20 %.
  await expect(acmeRow).toContainText('$65.00');
  await expect(acmeRow).toContainText('$25.00');
  await expect(acmeRow).toContainText('160 %');
  const betaRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: beta.name }) });
  await expect(betaRow).toContainText('−20 %');

  // Sorting by ROI: a header button, its column's aria-sort says which way.
  const order = async () => {
    const names = await table.getByRole('rowheader').allTextContents();
    return names.filter((name) => name === acme.name || name === beta.name);
  };
  const roiHeader = table.getByRole('columnheader', { name: 'ROI' });
  await roiHeader.getByRole('button').click();
  await expect(roiHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await order()).toEqual([acme.name, beta.name]);
  await roiHeader.getByRole('button').click();
  await expect(roiHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await order()).toEqual([beta.name, acme.name]);
  await expect(table.getByRole('columnheader', { name: 'Net raised' })).toHaveAttribute('aria-sort', 'none');

  // The charts, each named for a screen reader; the table is their alternative.
  for (const name of [
    /^Line chart: cost per new donor/,
    /^Line chart: ROI/,
    /^Bar chart: net raised and amount owed/,
  ]) {
    await expect(page.getByRole('img', { name })).toBeVisible();
  }
  await expect(page.getByRole('figure').filter({ hasText: 'Owed vs raised, per month' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'vendor-performance');

  // A figure leads to its send: Deployment Details of the send opens in the Deployment Log.
  await acmeRow.getByRole('button', { name: /^Net raised of/ }).click();
  await page.getByRole('link', { name: `Send #${sendId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/deployment-log\\?send=${sendId}$`));
  await expect(page.getByRole('dialog')).toContainText(`Performance ${tag}`);

  // Select Vendors on the send page, once the client is chosen.
  await page.goto('/');
  await page.getByRole('radio', { name: 'Heritage Action' }).click();
  const picker = page.getByRole('region', { name: 'Select Vendors' });
  const item = (name: string) => picker.getByRole('listitem').filter({ hasText: name });
  await expect(item(acme.name)).toContainText('$12.50 per new donor · ROI 160 %');
  await expect(item(beta.name)).toContainText('$12.50 per new donor · ROI −20 %');
  await expect(item(idle.name)).toContainText('No results yet');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'select-vendors-results');
});
