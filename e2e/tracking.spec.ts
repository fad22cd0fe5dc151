import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { LIVE_REFRESH_MS } from '#client/lib/live-refresh';
import { startOwnServer } from './own-server';
import { startSmtpSink, type SmtpSink } from '#server/testing/smtp-sink';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSeriousA11yViolations,
  firstAdminOf,
  keepScreenshot,
  resizeTo,
  signInWithToken,
  test,
  tokenFor,
} from './fixtures';
import {
  cpdSend,
  createVendors,
  heritageEmailCard,
  linksCsv,
  previewText,
  sendThroughApi,
  settledDeliveries,
} from './send-fixtures';
import { outboxMailTo, outboxOf } from './outbox';
import { linkFromDeliveredMessage, vendorActs } from './vendor-links';
import { newYorkDate } from '#shared/rules/new-york-time';

/** The New York date the tests' sends are mailed on: a deployment cannot be dated before it. */
const mailedOn = newYorkDate(new Date());

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));

/**
 * The main story against a server of its own that mails through a real SMTP server (the `smtp-server` sink below), as
 * production does: the team sends from the send page, the vendor's message is read from the sink and parsed, and the
 * vendor opens the link in it. The shared server writes to its outbox, which the other tests here read.
 */
test.describe('with the vendor message delivered to an SMTP sink', () => {
  const ADMIN = 'tracking.admin@agency.test';
  let sink: SmtpSink;
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    sink = await startSmtpSink();
    server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** The message the sink received for `address` (envelope and To header), parsed. */
  async function deliveredTo(address: string): Promise<ParsedMail> {
    let found: ParsedMail | undefined;
    await expect
      .poll(
        async () => {
          for (const message of sink.received.filter((candidate) => candidate.to.includes(address))) {
            const mail = await simpleParser(message.raw);
            if (addressesOf(mail.to).includes(address)) found = mail;
          }
          return found !== undefined;
        },
        { message: `a message to ${address} in the SMTP sink`, timeout: 20_000 },
      )
      .toBe(true);
    return found!;
  }

  test('the team sends from the send page; the vendor opens the link from the message in the SMTP sink, confirms, schedules and reports the deployment, and the board shows it', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const { request, token: admin } = await firstAdminOf(server, playwright, ADMIN);
    const tag = Date.now().toString(36);
    const [acme, beta] = await createVendors(request, admin, tag);

    // The send page: PUBLIC_URL is this loopback server, so it warns that vendors could not open their links.
    await signInWithToken(page, admin, '/', server.url);
    const warning = page.getByRole('status').filter({ hasText: 'Vendors cannot open their personal deployment links' });
    await expect(warning).toHaveText(
      `Vendors cannot open their personal deployment links: ${server.url} is a local or private address. Set PUBLIC_URL to the address vendors reach, or VENDOR_LINKS=off to leave the links out.`,
    );
    await heritageEmailCard(page, tag, [acme!, beta!]);
    await page.getByLabel('Subject line').fill(`Track ${tag}`);
    await page.getByLabel('Sender name').fill('Heritage');
    await page.getByLabel('End date').fill('2031-06-30');
    await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();

    // The preview holds the place of the vendor's personal link, as plain text: each real one is made at sending.
    const preview = page.frameLocator('iframe[title="Email body preview"]');
    await expect(preview.getByText('Confirm, schedule and report this deployment')).toBeVisible();
    await expect(
      preview.getByText('[Your personal link to this deployment, made when the email is sent]'),
    ).toBeVisible();
    await expect(preview.getByRole('link', { name: /personal link/ })).toHaveCount(0);
    expect(await previewText(page)).not.toContain('/vendor#');
    await expect(warning).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Send to 1 Vendor(s)' }).click();
    await expect(page.getByText('Email sent successfully!', { exact: true }).first()).toBeVisible();

    // The vendor's message, as the SMTP server received it: the placeholder's place holds its own link.
    const message = await deliveredTo(acme!.email);
    expect(message.subject).toBe('New Heritage Action Content');
    expect(message.text).not.toContain('[Your personal link');
    const link = message.text?.match(/^Your personal page: (\S+)$/m)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/vendor#[A-Za-z0-9_-]{43}$`));
    expect(message.html).toContain(`href="${link}"`);
    expect(sink.received.some((received) => received.to.includes(beta!.email))).toBe(false);

    const response = await page.goto(link);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Heritage Action: New Heritage Action Content`);
    await expect(page.getByText(`Deployment for ${acme!.name}`)).toBeVisible();
    // Times carry their zone's name: the vendor schedules in New York time, and reads ours in its own.
    await expect(
      page.getByText(/^Sent .+ (UTC|GMT[+-]?\d*|[A-Z]{2,5}) · this link works until .+ (UTC|GMT[+-]?\d*|[A-Z]{2,5})$/),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // Its own link (from the CSV) and key, its terms, no app chrome (no sidebar).
    await expect(
      page.getByRole('link', { name: `https://donate.example.org/give?UTM_SOURCE=${acme!.utm}&utm_medium=email` }),
    ).toBeVisible();
    await expect(page.getByText(`EK-${acme!.vendorId}`)).toBeVisible();
    await expect(page.getByText('50/50: vendor 50 %, client 50 %', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreenshot(page, 'vendor-page-fresh-desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, 'vendor-page-fresh-phone.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Confirm received' }).click();
    await expect(page.getByText('Saved: Received')).toBeVisible();
    await page.getByLabel('Deployment date').first().fill('2031-06-01');
    await page.getByLabel('Time').fill('09:30');
    await page.getByLabel('List or segment').fill('Spring donors');
    await page.getByLabel('Planned quantity').fill('40000');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(
      page.getByText('Saved: Scheduled for 2031-06-01 09:30 (New York time), Spring donors, 40,000 planned'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status' }).getByText('Scheduled', { exact: true })).toBeVisible();

    // A bad report is answered with the server's message.
    const today = new Date().toISOString().slice(0, 10);
    const future = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const deployed = page.getByRole('region', { name: 'Deployed' });
    await deployed.getByLabel('Deployment date').fill(future);
    await deployed.getByLabel('Quantity sent').fill('39850');
    await deployed.getByRole('button', { name: 'Report deployed' }).click();
    await expect(page.getByRole('alert')).toHaveText('The deployment date cannot be in the future.');
    await deployed.getByLabel('Deployment date').fill(mailedOn);
    await deployed.getByRole('button', { name: 'Report deployed' }).click();
    await expect(page.getByText(`Saved: Deployed on ${mailedOn}, 39,850 sent`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status' }).getByText('Deployed', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await keepScreenshot(page, 'vendor-page-deployed-desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, 'vendor-page-deployed-phone.png', { fullPage: true });

    // The team sees it on the send's Deployment Log entry.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/deployment-log`);
    const vendors = page.getByRole('list', { name: 'Vendors' }).filter({ hasText: acme!.name });
    await expect(vendors.getByText('Deployed', { exact: true })).toBeVisible();
    await expect(vendors.getByText(`${mailedOn} · 39,850`)).toBeVisible();
    await keepScreenshot(page, 'deployment-log-tracking.png');

    // And on the Tracking board, in the 'Deployed' column, filtered to this vendor.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tracking' }).click();
    await expect(page.getByRole('heading', { name: 'Tracking' })).toBeVisible();
    await page.getByLabel('Vendor').selectOption(acme!.vendorId);
    const deployedColumn = page.getByRole('region', { name: 'Deployed' });
    await expect(deployedColumn.getByText(acme!.name)).toBeVisible();
    await expect(deployedColumn.getByText(`Deployed ${mailedOn} · 39,850`)).toBeVisible();
    await expect(
      deployedColumn.getByText('Revshare: Split: 50/50: vendor 50 %, client 50 %', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scheduled' }).getByText(acme!.name)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, 'tracking-board-desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, 'tracking-board-phone.png', { fullPage: true });

    // An unknown link says so plainly (a fresh load: only the fragment differs).
    await page.goto('about:blank');
    await page.goto(`${link.slice(0, -4)}AAAA`);
    await expect(page.getByRole('alert')).toContainText('This link is not valid.');
    await request.dispose();
  });
});

test("the log entry and its Deployment Details show each vendor's expected spend and the send's total; Details revoke a vendor's link after confirming", async ({
  page,
  request,
}) => {
  const { admin, sendId, acme, beta } = await cpdSend(request, 'Spend');
  await vendorActs(request, acme.email, { action: 'deployed', date: mailedOn, quantity: 420 });

  await signInWithToken(page, admin, '/deployment-log');
  const entry = page.getByTestId(`log-entry-${sendId}`);
  await expect(entry.getByRole('list', { name: 'Vendors' }).getByText('$5,000 planned · $5,000 actual')).toBeVisible();
  await expect(entry.getByRole('list', { name: 'Vendors' }).getByText('$5,000 planned', { exact: true })).toBeVisible();
  await expect(entry.getByText('Expected spend: $10,000 planned · $5,000 actual')).toBeVisible();

  await entry.getByRole('button', { name: /show the Deployment Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  await expect(details.getByText('Expected spend of this send: $10,000 planned · $5,000 actual')).toBeVisible();
  const vendors = details.getByRole('list', { name: 'Vendors' });
  await expect(
    vendors
      .getByRole('listitem')
      .filter({ hasText: acme.name })
      .getByText('Expected spend: $5,000 planned · $5,000 actual'),
  ).toBeVisible();
  await expect(
    vendors
      .getByRole('listitem')
      .filter({ hasText: beta.name })
      .getByText('Expected spend: $5,000 planned', { exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Revoking Beta's link asks first; Cancel changes nothing.
  const betaRow = vendors.getByRole('listitem').filter({ hasText: beta.name });
  await betaRow.getByRole('button', { name: `Revoke link for ${beta.name}` }).click();
  const confirm = page.getByRole('dialog', { name: "Revoke this vendor's link?" });
  await expect(confirm).toContainText(`${beta.name} will no longer be able to open its deployment page`);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  const betaLink = await linkFromDeliveredMessage(beta.email);
  const betaToken = betaLink.split('#')[1]!;
  expect((await request.get('/api/vendor-page', { headers: { authorization: `Bearer ${betaToken}` } })).status()).toBe(
    200,
  );
  await betaRow.getByRole('button', { name: `Revoke link for ${beta.name}` }).click();
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(betaRow.getByText(/^Link revoked /)).toBeVisible();
  await expect(betaRow.getByRole('button', { name: `Revoke link for ${beta.name}` })).toHaveCount(0);
  // Acme's link still works and can still be revoked.
  await expect(
    vendors
      .getByRole('listitem')
      .filter({ hasText: acme.name })
      .getByRole('button', { name: `Revoke link for ${acme.name}` }),
  ).toBeVisible();

  // The vendor's page now answers that the link was turned off.
  const vendorPage = await page.context().newPage();
  await vendorPage.goto(betaLink);
  await expect(vendorPage.getByRole('alert')).toContainText('This link was turned off by the agency.');
  await vendorPage.close();
});

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
  const [original] = await outboxMailTo(outboxOf(), acme!.email);

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
  await expect.poll(async () => (await outboxMailTo(outboxOf(), acme!.email)).length).toBe(2);
  const reply = (await outboxMailTo(outboxOf(), acme!.email)).find((mail) => mail.messageId !== original!.messageId)!;
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
  await expect.poll(async () => (await outboxMailTo(outboxOf(), acme!.email)).length).toBe(3);
  // Counted again once the queue is past them: the API shows no follow-up's status, but the worker claims messages in
  // the order they are due, so a send made now (due after any second approval reply) is mailed only after them.
  const marker = await sendThroughApi(request, admin, [beta!], { tag, subject: 'After the replies' });
  await settledDeliveries(request, admin, marker.id);
  expect(await outboxMailTo(outboxOf(), acme!.email)).toHaveLength(3);
});
