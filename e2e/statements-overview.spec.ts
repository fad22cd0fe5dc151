import type { Statement } from '#shared/contracts/statements';
import { monthName, newYorkMonth, nextMonth } from '#shared/payouts/month';
import { newYorkDate } from '#shared/rules/new-york-time';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSeriousA11yViolations,
  screenshots,
  signInWithToken,
  test,
  tokenFor,
} from './fixtures';
import { createVendors, sendThroughApi } from './send-fixtures';
import { importGifts } from './statement-gifts';
import { vendorActs } from './vendor-links';

// Issue 34 in the browser: the month at a glance, a claim waiting for review, a balance carried forward.

test("the month's overview: every vendor's status, owed, carried and total, sortable, as CSV; an admin opens a statement from it; a vendor's own plan waits for review", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const headers = { authorization: `Bearer ${admin}` };
  const [acme, beta] = await createVendors(request, admin, tag, true);
  for (const vendor of [acme!, beta!]) {
    const costs = await request.post('/api/vendor-costs', {
      headers,
      data: { vendorId: vendor.vendorId, costPerThousand: 4, cpmBudget: 5000, costPerDonor: 12.5, cpdBudget: 5000 },
    });
    expect(costs.ok(), await costs.text()).toBeTruthy();
  }
  // Acme: a CPD send with two donors ($25.00), finalized and paid. Beta: a CPM send it scheduled and reported itself.
  await sendThroughApi(request, admin, [acme!], { tag, subject: 'Overview CPD', pricingModel: 'CPD' });
  await importGifts(request, admin, tag, [
    [acme!, '25.00'],
    [acme!, '40.00'],
  ]);
  const month = newYorkMonth(new Date());
  const finalized = await request.post(`/api/statements/${acme!.vendorId}/${month}/finalize`, {
    headers,
    data: { confirm: true },
  });
  expect(finalized.ok(), await finalized.text()).toBeTruthy();
  const paid = await request.post(`/api/statements/${acme!.vendorId}/${month}/paid`, {
    headers,
    data: { paidOn: newYorkDate(new Date()), reference: `CHK-${tag}` },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const cpm = await sendThroughApi(request, admin, [beta!], { tag, subject: 'Overview CPM', pricingModel: 'CPM' });
  await vendorActs(request, beta!.email, {
    action: 'scheduled',
    date: newYorkDate(new Date()),
    time: '23:00',
    segment: 'All',
    plannedQuantity: 1_000_000_000,
  });
  await vendorActs(request, beta!.email, {
    action: 'deployed',
    date: newYorkDate(new Date()),
    quantity: 1_000_000_000,
  });

  await signInWithToken(page, admin, `/statements?month=${month}`);
  const overview = page.getByRole('region', { name: 'Vendors of the month' });
  const acmeRow = overview.getByRole('row', { name: new RegExp(acme!.name) });
  const betaRow = overview.getByRole('row', { name: new RegExp(beta!.name) });
  await expect(acmeRow).toContainText('Paid');
  await expect(acmeRow).toContainText('$25.00');
  await expect(acmeRow).toContainText(`CHK-${tag}`);
  // The vendor's own plan lifts nothing: no limit, so its claim counts nothing yet.
  await expect(betaRow).toContainText('Open');
  await expect(betaRow).toContainText('$0.00');

  // Sortable: by total, highest first, then lowest first.
  await overview.getByRole('button', { name: 'Total' }).click();
  await expect(overview.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
  await overview.getByRole('button', { name: 'Total' }).click();
  await expect(overview.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statements-overview');

  // The CSV: a row per vendor and the totals.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statements-${month}.csv`);

  // The admin opens Beta's statement from the overview: 'Needs review', nothing counted until accepted.
  await betaRow.getByRole('link', { name: beta!.name }).click();
  await expect(page).toHaveURL(new RegExp(`vendor=${beta!.vendorId}`));
  const line = page.getByTestId(`statement-line-${cpm.id}`);
  await expect(line).toContainText('0 (reported 1,000,000,000)');
  await expect(line).toContainText('Needs review');
  await expect(line.getByRole('button', { name: /Accept quantity 1,000,000,000/ })).toBeVisible();
  await screenshots(page, 'statement-claim-waiting');
});

test('a balance carried forward opens the next statement as its own line, leading to the month it came from; a total below zero offers no Mark paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const [acme] = await createVendors(request, admin, tag, true);
  const month = newYorkMonth(new Date());
  const next = nextMonth(month);
  // A month below zero needs a month finalized before it with a change after: the server's clock is the real one,
  // so the statements are answered as the server gives them, with the carried balance and its source added (the API
  // tests make the real ones: every-cent.test.ts).
  const real = (await (
    await request.get(`/api/statements?vendorId=${acme!.vendorId}&month=${month}`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json()) as Statement;
  const negative: Statement = {
    ...real,
    status: 'finalized',
    owedCents: -2000,
    carriedTo: next,
    adjustments: [{ sendId: 1, fromMonth: month, owedCents: -2000, reason: 'A refund after the month was finalized' }],
    finalized: { at: new Date().toISOString(), by: { email: ADMIN_EMAIL } },
  };
  const carried: Statement = {
    ...real,
    month: next,
    owedCents: -2000,
    carried: [{ fromMonth: month, owedCents: -2000, wording: `Balance carried forward from ${monthName(month)}` }],
  };
  await page.route(/\/api\/statements\?/, (route) => {
    const asked = new URL(route.request().url()).searchParams.get('month');
    return route.fulfill({ json: asked === next ? carried : negative });
  });
  await signInWithToken(page, admin, `/statements?vendor=${acme!.vendorId}&month=${next}`);
  const row = page.getByTestId('carried-balance');
  await expect(row).toContainText(`Balance carried forward from ${monthName(month)}`);
  await expect(row).toContainText('-$20.00');
  await screenshots(page, 'statement-carried-balance');
  await row.getByRole('link').click();
  await expect(page.getByTestId('carried-to')).toHaveText(
    `Below zero: not paid, carried forward to the ${monthName(next)} statement.`,
  );
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
});
