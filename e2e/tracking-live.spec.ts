import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from '@playwright/test';
import { LIVE_REFRESH_MS } from '#client/lib/live-refresh';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSeriousA11yViolations,
  keepScreenshot,
  resizeTo,
  signInWithToken,
  test,
  tokenFor,
} from './fixtures';
import { cpdSend, createVendors, linksCsv, sendThroughApi, settledDeliveries } from './send-fixtures';
import { linkFromDeliveredMessage, vendorActs } from './vendor-links';
import { newYorkDate } from '#shared/rules/new-york-time';

/** The New York date the tests' sends are mailed on: a deployment cannot be dated before it. */
const mailedOn = newYorkDate(new Date());

/**
 * What the team sees of a vendor's work as it happens: the board and open Deployment Details follow without a reload,
 * and the board's answer to a seed test reaches the vendor. Beside tracking.spec.ts, so that the browser tests' longest
 * spec is two.
 */

/** Makes the page's tab hidden or shown again, as switching tabs does (TanStack Query listens to visibilitychange). */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('the Tracking board and open Deployment Details show what a vendor does within seconds, without a reload', async ({
  page,
  context,
  request,
}) => {
  const { admin, sendId, acme, beta } = await cpdSend(request, 'Spend');
  // The pages' clock is ours (it runs as usual until the hidden tab below), so "several polls' worth of time" is page
  // time, however busy this machine is.
  await page.clock.install();
  await signInWithToken(page, admin, '/tracking');
  const vendorFilter = page.getByRole('search', { name: 'Filter deployments' }).getByLabel('Vendor', { exact: true });
  await vendorFilter.selectOption(acme.vendorId);
  await expect(page.getByRole('region', { name: 'Sent' }).getByText(acme.name)).toBeVisible();
  // A second tab with the send's Deployment Details open.
  const detailsPage = await context.newPage();
  await detailsPage.goto('/deployment-log');
  await detailsPage
    .getByTestId(`log-entry-${sendId}`)
    .getByRole('button', { name: /show the Deployment Details/ })
    .click();
  const details = detailsPage.getByRole('dialog', { name: 'Deployment Details' });
  const acmeRow = details.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: acme.name });
  await expect(acmeRow.getByText('Sent', { exact: true })).toBeVisible();
  // Neither tab loads the page again: a mark left in each stays.
  for (const tab of [page, detailsPage])
    await tab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  // Each poll names what it holds and is answered 304 while nothing changes.
  const answers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/tracking') answers.push(response.status());
  });
  await expect.poll(() => answers.filter((status) => status === 304).length, { timeout: 10_000 }).toBeGreaterThan(0);

  await vendorActs(request, acme.email, {
    action: 'scheduled',
    date: '2031-06-01',
    time: '09:30',
    segment: 'Spring donors',
    plannedQuantity: 400,
  });
  await expect(
    page.getByRole('region', { name: 'Scheduled' }).getByText('2031-06-01 09:30 · 400 planned'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sent' }).getByText(acme.name)).toHaveCount(0);
  await expect(acmeRow.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(acmeRow.getByText('2031-06-01 09:30 · 400')).toBeVisible();

  await vendorActs(request, acme.email, { action: 'deployed', date: mailedOn, quantity: 380 });
  await expect(page.getByRole('region', { name: 'Deployed' }).getByText(`Deployed ${mailedOn} · 380`)).toBeVisible();
  await expect(acmeRow.getByText('Deployed', { exact: true })).toBeVisible();
  await expect(details.getByText('Expected spend of this send: $10,000 planned · $5,000 actual')).toBeVisible();
  // The entry behind the dialog follows too.
  await expect(
    detailsPage
      .getByTestId(`log-entry-${sendId}`)
      .getByRole('list', { name: 'Vendors', includeHidden: true })
      .getByText('Deployed', { exact: true }),
  ).toBeVisible();
  for (const tab of [page, detailsPage])
    expect(await tab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // Looked at: the board and the open Details at desktop and phone widths.
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    for (const [tab, screen] of [
      [page, 'tracking-board'],
      [detailsPage, 'deployment-details'],
    ] as const) {
      await resizeTo(tab, width, height);
      await expectNoSeriousA11yViolations(tab);
      await keepScreenshot(tab, `${screen}-live-${name}.png`, { fullPage: screen === 'tracking-board' });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A hidden tab does not ask, however much page time passes; shown again, it asks within one interval and catches up.
  await vendorFilter.selectOption(beta.vendorId);
  await expect(page.getByRole('region', { name: 'Sent' }).getByText(beta.name)).toBeVisible();
  /** What the page asked, in the order it asked, with marks of our own between. */
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  const mark = async (name: string) => {
    await page.evaluate((path) => fetch(path).then((answer) => answer.ok), `/api/health?mark=${name}`);
    await expect.poll(() => asked.includes(`/api/health?mark=${name}`)).toBe(true);
  };
  const boardAsksAfter = (name: string) =>
    asked.slice(asked.indexOf(`/api/health?mark=${name}`)).filter((path) => path.startsWith('/api/tracking')).length;
  await page.clock.pauseAt(Date.now() + 1_000);
  await setTabHidden(page, true);
  await vendorActs(request, beta.email, { action: 'received' });
  await mark('hidden');
  await page.clock.runFor(LIVE_REFRESH_MS * 5);
  await mark('hidden-for-five-intervals');
  expect(boardAsksAfter('hidden')).toBe(0);
  await setTabHidden(page, false);
  await page.clock.runFor(LIVE_REFRESH_MS);
  await expect.poll(() => boardAsksAfter('hidden-for-five-intervals')).toBeGreaterThan(0);
  await page.clock.resume();
  await expect(page.getByRole('region', { name: 'Received' }).getByText(beta.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** The messages in the server's outbox To `vendorEmail`, parsed. */
async function outboxMailTo(vendorEmail: string) {
  const folder = join(process.env.E2E_DATA_DIR!, 'outbox');
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
  const mails = await Promise.all(names.map((name) => simpleParser(readFileSync(join(folder, name)))));
  return mails.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((group) =>
      group?.value.some((entry) => entry.address === vendorEmail),
    ),
  );
}

test("the team approves or requests changes on a vendor's seed test from the board, and the vendor sees it and is e-mailed in the thread", async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag);
  const sent = await request.post('/api/send-email-consolidated', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      selectedVendors: [acme!.vendorId],
      selectedClient: 'heritage-action',
      pricingModel: 'Revshare',
      emailCards: [
        {
          id: 'main',
          htmlContent: `<p>Creative ${tag}</p>`,
          filename: `creative-${tag}.html`,
          subject: `Review ${tag}`,
          senderName: 'Heritage',
          endDate: '2031-06-30',
          csvContent: linksCsv([acme!, beta!]),
          csvFileName: 'links.csv',
        },
      ],
      textCards: [],
      imageAttachments: [],
      allVendorLinks: { main: { [acme!.vendorId]: `https://donate.example.org/give?utm_source=${acme!.utm}` } },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await linkFromDeliveredMessage(acme!.email);
  const [original] = await outboxMailTo(acme!.email);

  // The vendor reports its seed test on its page.
  await page.goto(link);
  await page.getByRole('button', { name: 'Seed test sent' }).click();
  await expect(page.getByText('Saved: Seed test sent to the approval addresses')).toBeVisible();

  // The team asks for changes from the board: the note is required.
  await signInWithToken(page, admin, '/tracking');
  await page.getByLabel('Vendor').selectOption(acme!.vendorId);
  const seedColumn = page.getByRole('region', { name: 'Seed test sent' });
  await expect(seedColumn.getByText(acme!.name)).toBeVisible();
  await seedColumn.getByRole('button', { name: `Request changes to the seed test of ${acme!.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request changes?' });
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please say what needs to change.');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'request-changes-dialog-desktop.png');
  await dialog.getByLabel('What needs to change').fill('The footer link is missing its UTM.');
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog).toHaveCount(0);
  const changesColumn = page.getByRole('region', { name: 'Changes requested' });
  await expect(changesColumn.getByText(acme!.name)).toBeVisible();
  await expect(changesColumn.getByText('Team: The footer link is missing its UTM.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The vendor is e-mailed in the thread of its message, and its page shows the request.
  await expect.poll(async () => (await outboxMailTo(acme!.email)).length).toBe(2);
  const reply = (await outboxMailTo(acme!.email)).find((mail) => mail.messageId !== original!.messageId)!;
  expect(reply.inReplyTo).toBe(original!.messageId);
  expect(reply.references).toBe(original!.messageId);
  expect(reply.subject).toBe(`Re: ${original!.subject}`);
  expect(reply.text).toContain('The footer link is missing its UTM.');
  await page.goto('about:blank');
  await page.goto(link);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Changes requested', { exact: true })).toBeVisible();
  await expect(
    status.getByText(/The team requested changes to your seed test .*: The footer link is missing its UTM\./),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'History' })
      .getByText('The team: Changes requested: The footer link is missing its UTM.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'vendor-page-changes-requested-phone.png');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A new seed test, approved from the board with one click (a double click sends one reply).
  await page.getByRole('button', { name: 'Seed test sent' }).click();
  await expect(page.getByText('Saved: Seed test sent to the approval addresses')).toBeVisible();
  await signInWithToken(page, admin, '/tracking');
  await page.getByLabel('Vendor').selectOption(acme!.vendorId);
  await page.getByRole('button', { name: `Approve the seed test of ${acme!.name}` }).dblclick();
  await expect(page.getByRole('region', { name: 'Approved' }).getByText(acme!.name)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'tracking-board-review-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'tracking-board-review-phone.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The Deployment Log entry shows it too.
  await page.goto('/deployment-log');
  await expect(
    page
      .getByRole('list', { name: 'Vendors' })
      .filter({ hasText: acme!.name })
      .getByText('Approved', { exact: true })
      .first(),
  ).toBeVisible();

  await page.goto('about:blank');
  await page.goto(link);
  await expect(
    page.getByRole('region', { name: 'Status' }).getByText(/The team approved your seed test/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'vendor-page-approved-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'vendor-page-approved-phone.png', { fullPage: true });
  // Two replies in all: the request for changes and one approval.
  await expect.poll(async () => (await outboxMailTo(acme!.email)).length).toBe(3);
  // Counted again once the queue is past them: the API shows no follow-up's status, but the worker claims messages in
  // the order they are due, so a send made now (due after any second approval reply) is mailed only after them.
  const marker = await sendThroughApi(request, admin, [beta!], { tag, subject: 'After the replies' });
  await settledDeliveries(request, admin, marker.id);
  expect(await outboxMailTo(acme!.email)).toHaveLength(3);
});
