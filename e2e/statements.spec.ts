import type { Page } from '@playwright/test';
import { newYorkMonth } from '#shared/payouts/month';
import { newYorkDate } from '#shared/rules/new-york-time';
import {
  ADMIN_EMAIL,
  authorize,
  expect,
  expectNoSeriousA11yViolations,
  keepScreenshot,
  resizeTo,
  screenshots,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';
import { cpdSend, createVendors, sendThroughApi, type TestVendor } from './send-fixtures';
import { importGifts } from './statement-gifts';
import { vendorActs } from './vendor-links';

/** The statement of `vendor` for this New York month (sends made now are in it: it has not ended). */
const statementPath = (vendor: TestVendor) => `/statements?vendor=${vendor.vendorId}&month=${newYorkMonth(new Date())}`;

const statementSection = (page: Page) => page.getByRole('region', { name: /·/ });

test('an admin finalizes a statement whose month is not over (after the confirmation) and marks it paid; a member reads statements without the admin buttons; the printable statement', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, tag, sendId, acme, beta } = await cpdSend(request, 'Statements');
  // Acme: two donors; Beta: one. CPD at $12.50 a donor.
  await importGifts(request, admin, tag, [
    [acme, '25.00'],
    [acme, '40.00'],
    [beta, '10.00'],
  ]);

  // A later Revshare send at 60/40 (the gifts came before it: none of them counts for it).
  const split = await request.post('/api/vendor-splits', {
    headers: { authorization: `Bearer ${admin}` },
    data: { vendorId: acme.vendorId, splitRatio: '60/40' },
  });
  expect(split.ok(), await split.text()).toBeTruthy();
  const revshare = await sendThroughApi(request, admin, [acme], { tag, subject: 'Statements split' });

  await signInWithToken(page, admin, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }).click();
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose a vendor to read its statement.')).toBeVisible();
  await page.goto(statementPath(acme));

  const section = statementSection(page);
  await expect(section.getByTestId('statement-status')).toContainText('Open');
  const line = section.getByTestId(`statement-line-${sendId}`);
  await expect(line).toContainText('Heritage Action');
  await expect(line).toContainText('CPD');
  await expect(line).toContainText('Cost per donor: $12.50');
  // Client, pricing model and terms, contributions, donors, new donors, net, quantity, owed.
  await expect(line.getByRole('cell')).toHaveText([
    'Heritage Action',
    /^CPDCost per donor: \$12\.50/,
    '2',
    '2',
    '2',
    '$65.00',
    '—',
    '$25.00',
  ]);
  // The split in words: the first number is the vendor's.
  await expect(section.getByTestId(`statement-line-${revshare.id}`)).toContainText(
    'Revshare60/40: vendor 60 %, client 40 %',
  );
  await expect(section.getByRole('row', { name: /Total owed/ })).toContainText('$25.00');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statement-open');

  // The month is not over: the server answers 409 and the admin is asked before it is finalized.
  await section.getByRole('button', { name: 'Finalize' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalize a month that is not over?' });
  await expect(confirm).toContainText('is not over yet');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Finalize anyway' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByTestId('statement-status')).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(section.getByTestId('statement-status')).toContainText('Finalized on');
  await expect(section.getByRole('button', { name: 'Finalize' })).toHaveCount(0);

  // 'Mark paid': what to fix, then the date and a reference.
  await section.getByRole('button', { name: 'Mark paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Mark paid' });
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(paid.getByText('Enter a reference: a check number or a transfer reference.')).toBeVisible();
  await expect(paid.getByLabel('Reference')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statement-mark-paid', { fullPage: false });
  await paid.getByLabel('Paid on').fill(newYorkDate(new Date()));
  await paid.getByLabel('Reference').fill(`CHK-${tag}`);
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(paid).toBeHidden();
  await expect(section.getByTestId('statement-status')).toContainText(`Paid on`);
  await expect(section.getByTestId('statement-status')).toContainText(`ref CHK-${tag}`);
  await expect(section.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  // 'Send statement': asked once, then its message follows the delivery queue to 'Sent'; not offered again.
  await section.getByRole('button', { name: 'Send statement' }).click();
  const sending = page.getByRole('dialog', { name: /^Send the .+ statement to / });
  await expect(sending).toContainText('It is sent once.');
  await expectNoSeriousA11yViolations(page);
  await sending.getByRole('button', { name: 'Send statement' }).click();
  await expect(sending).toBeHidden();
  await expect(section.getByTestId('statement-mail')).toContainText(`Sent · `);
  await expect(section.getByTestId('statement-mail')).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(section.getByRole('button', { name: 'Send statement' })).toHaveCount(0);
  await screenshots(page, 'statement-sent');

  // The printable statement: the document alone, with the same lines and total.
  await section.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`/statements/${acme.vendorId}/\\d{4}-\\d{2}/print$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(acme.name);
  await expect(page.getByTestId('statement-status')).toContainText(`ref CHK-${tag}`);
  await expect(page.getByRole('row', { name: /Total owed/ })).toContainText('$25.00');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statement-print');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  // On paper (A4 at 96 dpi is about 794 px wide): the whole table fits the page, no scrolling region.
  await resizeTo(page, 794, 1123);
  await keepScreenshot(page, 'statement-print-media.png', { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(794);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'screen' });

  // A line links to its send in the Deployment Log: its Details open.
  await page.goto(statementPath(acme));
  await statementSection(page)
    .getByRole('link', { name: new RegExp(`send ${sendId} in the Deployment Log`) })
    .click();
  await expect(page.getByRole('dialog', { name: 'Deployment Details' })).toBeVisible();

  // A member reads Beta's open statement: no Finalize, Mark paid or Accept quantity.
  const memberEmail = uniqueEmail('statements-member');
  await authorize(request, admin, memberEmail);
  const member = await tokenFor(request, memberEmail);
  await signInWithToken(page, member, statementPath(beta));
  const memberView = statementSection(page);
  await expect(memberView.getByTestId('statement-status')).toContainText('Open');
  await expect(memberView.getByRole('row', { name: /Total owed/ })).toContainText('$12.50');
  await expect(memberView.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(memberView.getByRole('link', { name: 'Print' })).toBeVisible();
  await expect(
    memberView.getByRole('button', { name: /Finalize|Mark paid|Accept quantity|Send statement/ }),
  ).toHaveCount(0);
});

test("a vendor's claim of 1,000,000,000 is counted up to the limit an admin sets in Vendor Settings, flagged 'Needs review', and counts in full once an admin accepts it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag);
  for (const vendor of [acme!, beta!]) {
    const costs = await request.post('/api/vendor-costs', {
      headers: { authorization: `Bearer ${admin}` },
      data: { vendorId: vendor.vendorId, costPerThousand: 4, cpmBudget: 5000 },
    });
    expect(costs.ok(), await costs.text()).toBeTruthy();
  }
  const sent = await sendThroughApi(request, admin, [acme!, beta!], { tag, subject: 'CPM', pricingModel: 'CPM' });
  await vendorActs(request, acme!.email, {
    action: 'deployed',
    date: newYorkDate(new Date()),
    quantity: 1_000_000_000,
  });

  // No plan and no limit: nothing of the claim counts until it is reviewed.
  await signInWithToken(page, admin, statementPath(acme!));
  const line = statementSection(page).getByTestId(`statement-line-${sent.id}`);
  await expect(line).toContainText('0 (reported 1,000,000,000)');
  await expect(line).toContainText('Needs review');

  // The limit, in Vendor Settings: what to fix, then 10,000.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
  await page.getByTestId(`vendor-card-${acme!.vendorId}`).getByRole('button', { name: acme!.name }).click();
  const settings = page.getByRole('dialog', { name: 'Vendor Settings' });
  const limit = settings.getByLabel(
    "Largest quantity a vendor's own report or plan may count without an admin's review",
  );
  await limit.fill('ten thousand');
  await settings.getByRole('button', { name: 'Set limit' }).click();
  await expect(settings.getByText('Enter a whole number of messages, or leave it empty for no limit.')).toBeVisible();
  await limit.fill('10,000');
  await settings.getByRole('button', { name: 'Set limit' }).click();
  await expect(settings.getByRole('button', { name: 'Set limit' })).toBeDisabled();
  await expect(limit).toHaveValue('10000');
  await limit.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'vendor-settings-quantity-limit', { fullPage: false });
  await settings.getByRole('button', { name: 'Done' }).click();

  // Counted up to the limit: $4 a thousand × 10 = $40.00, still 'Needs review'.
  await page.goto(statementPath(acme!));
  await expect(line).toContainText('10,000 (reported 1,000,000,000)');
  await expect(line).toContainText('$40.00');
  await expect(line).toContainText('Needs review');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'statement-needs-review');

  await line.getByRole('button', { name: `Accept quantity 1,000,000,000 for send ${sent.id}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept the reported quantity?' });
  await expect(confirm).toContainText('10,000 counts now');
  await confirm.getByRole('button', { name: 'Accept quantity' }).click();
  await expect(confirm).toBeHidden();
  // All of it counts, capped by the $5,000 CPM budget.
  await expect(line.getByRole('cell').nth(6)).toHaveText('1,000,000,000');
  await expect(line).toContainText('$5,000.00');
  await expect(line).not.toContainText('Needs review');
  await expect(line.getByRole('button', { name: /Accept quantity/ })).toHaveCount(0);

  // Beta reported nothing: its amount is unknown, said as such (never $0.00).
  await page.goto(statementPath(beta!));
  const betaLine = statementSection(page).getByTestId(`statement-line-${sent.id}`);
  await expect(betaLine.getByRole('cell').nth(7)).toHaveText('Quantity not reported');
  await expect(statementSection(page).getByRole('row', { name: /Total owed/ })).toContainText(
    'Leaves out 1 line whose amount is unknown.',
  );
});

test('Deployment Details, the Deployment Log entry and the Tracking board show what a vendor is owed once results are imported; a vendor without results keeps its expected spend', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, tag, sendId, acme, beta } = await cpdSend(request, 'Payouts');
  await signInWithToken(page, admin, '/deployment-log');
  const entry = page.getByTestId(`log-entry-${sendId}`);
  await expect(entry).toContainText('Expected spend:');
  await entry.getByRole('button', { name: /show the Deployment Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const vendorRow = (vendor: TestVendor) =>
    details.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: vendor.name });
  await expect(details.getByText('Expected spend of this send:')).toBeVisible();
  await expect(details).not.toContainText('Owed');

  // Acme's two donors at $12.50 a donor, imported while the details are open: they follow the import.
  await importGifts(request, admin, tag, [
    [acme, '25.00'],
    [acme, '40.00'],
  ]);
  await expect(details.getByText('Owed for this send: $25.00', { exact: true })).toBeVisible();
  await expect(vendorRow(acme)).toContainText('Owed $25.00');
  await expect(vendorRow(beta)).not.toContainText('Owed');
  await expect(details.getByText('Expected spend of this send:')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'owed-deployment-details');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(entry).toContainText('Owed: $25.00');
  await expect(
    entry.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: acme.name }),
  ).toContainText('Owed $25.00');
  await expect(entry).not.toContainText('Expected spend:');
  await screenshots(page, 'owed-deployment-log');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tracking' }).click();
  await expect(page.getByRole('heading', { name: 'Tracking', level: 1 })).toBeVisible();
  // Neither vendor has reported anything: both cards are in the 'Sent' column.
  const card = (vendor: TestVendor) =>
    page.getByRole('region', { name: 'Sent', exact: true }).getByRole('listitem').filter({ hasText: vendor.name });
  await expect(card(acme)).toContainText('Owed $25.00 · Send owed $25.00');
  await expect(card(beta)).toContainText('Send owed $25.00');
  await expect(card(beta)).not.toContainText('Owed $');
  await expect(page.getByText(/^Owed for (these|the) deployments (shown )?with results:/)).toBeVisible();
  await expect(page.getByText(/^Expected spend of (these|the) deployments (shown )?without results:/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'owed-tracking-board');
});
