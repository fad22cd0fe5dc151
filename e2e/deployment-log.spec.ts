import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
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
import { startOwnServer } from './own-server';
import { startSmtpSink, type SmtpSink } from '#server/testing/smtp-sink';
import {
  PNG_1X1,
  cpdSend,
  createVendors,
  dropFiles,
  linksCsv,
  sendThroughApi,
  settledDeliveries,
  type TestVendor,
} from './send-fixtures';

/** Each test signs in as its own new user, so drafts and session start empty. */
async function freshUser(request: APIRequestContext) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('sender');
  await authorize(request, admin, email);
  return { admin, token: await tokenFor(request, email), email };
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const detailsDialog = (page: Page) => page.getByRole('dialog', { name: 'Deployment Details' });
const sends = (page: Page) =>
  page
    .getByRole('list', { name: 'Sends' })
    .getByRole('listitem')
    .filter({ has: page.locator('article') });

async function downloadFrom(page: Page, button: Locator): Promise<{ download: Download; text: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const download = await started;
  const bytes = readFileSync((await download.path())!);
  return { download, bytes, text: bytes.toString('utf8') };
}

test('a send from the send page appears in the log with its files, each vendor message and working filters', async ({
  page,
  request,
}) => {
  const { admin, token, email } = await freshUser(request);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag);
  const headers = { authorization: `Bearer ${admin}` };
  const approval = uniqueEmail(`approvals-${tag}`);
  const added = await request.post('/api/approval-emails', { headers, data: { email: approval } });
  expect(added.status(), await added.text()).toBe(201);
  const approvalId = (await added.json()).id as number;

  try {
    const html = `<!doctype html><html><body><h1>Creative ${tag}</h1><p>Give today.</p></body></html>`;
    const csv = linksCsv([acme!, beta!]);
    const subject = `Summer drive ${tag}`;

    // The send, from the send page with real files.
    await signInWithToken(page, token);
    await page.getByRole('radio', { name: 'Club for Growth', exact: true }).click();
    await page.getByRole('button', { name: /^Email/ }).click();
    await dropFiles(page, page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' }), [
      { name: `creative-${tag}.html`, mimeType: 'text/html', text: html },
      { name: `links-${tag}.csv`, mimeType: 'text/csv', text: csv },
    ]);
    await expect(page.getByText(/links for 2 vendors/)).toBeVisible();
    await page.getByLabel('Subject line').fill(subject);
    await page.getByLabel('Sender name').fill('Club Sender');
    await page.getByLabel('End date').fill('2031-05-01');
    await page.getByRole('button', { name: 'Add New Content' }).click();
    await page.getByRole('menuitem', { name: 'Prospecting Text' }).click();
    const textCard = page.getByRole('region', { name: /Prospecting Text Details/ });
    await textCard.getByLabel('Text copy').fill(`Reply YES ${tag}`);
    await textCard.getByLabel('Sender name').fill('Club Texts');
    await dropFiles(page, page.getByRole('button', { name: 'Add CSV and image files to Text 1' }), [
      { name: `phone-${tag}.png`, mimeType: 'image/png', base64: PNG_1X1.toString('base64') },
    ]);
    await expect(textCard.getByRole('img', { name: 'Image for Text 1' })).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();
    await page.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
    await expect(page.getByText('Every vendor has a link for every card')).toBeVisible();
    await page.getByRole('button', { name: 'Send to 2 Vendor(s)' }).click();
    await expect(toast(page, 'Email sent successfully!')).toBeVisible();
    await expect(toast(page, 'Email delivered to 2 vendor(s).')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select content:' })).toBeVisible();

    // The entry, newest first, with everything the spec lists.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deployment Log' }).click();
    await expect(page.getByRole('heading', { name: 'Deployment Log' })).toBeVisible();
    await expect(page.getByText('View the history of all emails sent to vendors.')).toBeVisible();
    const entry = page.locator('article').filter({ hasText: acme!.name });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('heading')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (am|pm)/);
    await expect(entry).toContainText('2 vendors');
    await expect(entry).toContainText('1 email card · 1 text card');
    await expect(entry).toContainText(`by ${email}`);
    await expect(entry.getByText('Club for Growth', { exact: true })).toBeVisible();
    const vendorChips = entry.getByRole('list', { name: 'Vendors' }).getByRole('listitem');
    // Each vendor: the message mailed, where its deployment stands (issue 14: nothing reported yet) and its Revshare terms.
    await expect(vendorChips).toHaveText([
      `${acme!.name}MailedSentSplit: 50/50: vendor 50 %, client 50 %`,
      `${beta!.name}MailedSentSplit: 50/50: vendor 50 %, client 50 %`,
    ]);
    await expect(entry.locator('p').filter({ hasText: /^CC'd:/ })).toContainText(approval);
    await expect(entry.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
    // Newest first: this user's send is the first entry (other specs do not send while this one runs).
    await expect(sends(page).first()).toContainText(acme!.name);
    await expectNoSeriousA11yViolations(page);

    // Enter on the entry opens the details; so does a click anywhere on it.
    await entry.getByRole('heading').getByRole('button').focus();
    await page.keyboard.press('Enter');
    const dialog = detailsDialog(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await entry.click();
    await expect(dialog).toBeVisible();

    for (const section of ['Send Information', 'Content Summary', 'Recipients', 'Card Details']) {
      await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('region', { name: 'Send Information' })).toContainText('Club for Growth');
    await expect(dialog.getByRole('region', { name: 'Content Summary' })).toContainText('1 email card · 1 text card');
    const recipients = dialog.getByRole('region', { name: 'Recipients' });
    await expect(recipients.getByText('Vendors (2)')).toBeVisible();
    await expect(recipients.getByText(/^Approval Emails \(\d+\)$/)).toBeVisible();
    await expect(recipients.getByRole('list', { name: 'Approval Emails' })).toContainText(approval);

    const emailCard = dialog.getByRole('region', { name: 'Email Card 1' });
    await expect(emailCard).toContainText(subject);
    await expect(emailCard).toContainText('Club Sender');
    await expect(emailCard).toContainText('May 1, 2031');
    await expect(emailCard).toContainText(`creative-${tag}.html`);
    const textDetails = dialog.getByRole('region', { name: 'Text Card 1' });
    await expect(textDetails).toContainText('Club Texts');
    await expect(textDetails).toContainText(`Reply YES ${tag}`);
    await expectNoSeriousA11yViolations(page);

    // Downloads: the bytes that were uploaded, under their names.
    const htmlFile = await downloadFrom(page, emailCard.getByRole('button', { name: 'Download HTML' }));
    expect(htmlFile.download.suggestedFilename()).toBe(`creative-${tag}.html`);
    expect(htmlFile.text).toBe(html);
    const csvFile = await downloadFrom(page, emailCard.getByRole('button', { name: 'Download CSV' }));
    expect(csvFile.download.suggestedFilename()).toBe(`links-${tag}.csv`);
    expect(csvFile.text).toBe(csv);
    const image = await downloadFrom(page, textDetails.getByRole('button', { name: 'Download Image' }));
    expect(image.download.suggestedFilename()).toBe(`phone-${tag}.png`);
    expect(image.bytes.equals(PNG_1X1)).toBe(true);

    // Each vendor's exact message: its own link, not the other's.
    const eml = await downloadFrom(page, recipients.getByRole('button', { name: `Download .eml for ${acme!.name}` }));
    expect(eml.download.suggestedFilename()).toMatch(new RegExp(`^dispatch-\\d+-${acme!.vendorId}\\.eml$`));
    const message = await simpleParser(eml.bytes);
    expect(message.to && !Array.isArray(message.to) ? message.to.value.map((address) => address.address) : []).toEqual([
      acme!.email,
    ]);
    expect(message.subject).toBe('New Club for Growth Content');
    expect(message.html).toContain(`UTM_SOURCE=${acme!.utm}`);
    expect(message.html).not.toContain(beta!.utm);
    expect(message.text).not.toContain(beta!.utm);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Filters go to the server: client, vendor, subject.
    const clientFilter = page.getByLabel('Client', { exact: true });
    const logLoaded = page.waitForResponse(
      (response) => response.url().includes('/api/email-logs?') && response.url().includes('client=club-growth'),
    );
    await clientFilter.selectOption({ label: 'Club for Growth' });
    await logLoaded;
    await expect(entry).toBeVisible();
    const clubCount = await sends(page).count();
    for (let index = 0; index < clubCount; index++) {
      await expect(sends(page).nth(index).getByText('Club for Growth', { exact: true })).toBeVisible();
    }
    await clientFilter.selectOption({ label: 'Client Nine (placeholder)' });
    await expect(page.getByText('No sends match these filters.', { exact: true })).toBeVisible();
    await expect(page.getByText('No emails sent yet.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(clientFilter).toHaveValue('');

    await page.getByLabel('Vendor', { exact: true }).selectOption({ label: beta!.name });
    await expect(sends(page)).toHaveCount(1);
    await expect(entry).toBeVisible();
    await page.getByLabel('Vendor', { exact: true }).selectOption('');

    const search = page.getByLabel('Search subjects');
    await search.fill(`summer DRIVE ${tag}`);
    await expect(sends(page)).toHaveCount(1);
    await expect(sends(page).first()).toContainText(acme!.name);
    await search.fill(`no such subject ${tag}`);
    await expect(page.getByText('No sends match these filters.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await request.delete(`/api/approval-emails/${approvalId}`, { headers });
  }
});

/**
 * 'Retry failed' and 'Send again' against a server of its own that mails through a real SMTP server (the sink), which
 * refuses one vendor's message (554: the delivery fails for good) and drops the line after another's data (the
 * delivery is 'uncertain'), then takes both: what the page shows, and what the SMTP server received, are the real ones.
 */
test.describe('with deliveries made to fail by a real SMTP server', () => {
  const ADMIN = 'log.admin@agency.test';
  /** Recipients whose messages the sink refuses for good, and those whose line it drops once their data is read. */
  const refusing = new Set<string>();
  const dropping = new Set<string>();
  let sink: SmtpSink;
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    sink = await startSmtpSink({
      answer: (message) =>
        message.to.some((address) => refusing.has(address))
          ? { kind: 'refuse', code: 554, message: 'mailbox unavailable' }
          : message.to.some((address) => dropping.has(address))
            ? { kind: 'drop' }
            : { kind: 'accept' },
    });
    server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** How many messages to `address` the sink took, and how many it refused or dropped. */
  const sinkCounts = (address: string) => ({
    received: sink.received.filter((message) => message.to.includes(address)).length,
    refused: sink.refused.filter((message) => message.to.includes(address)).length,
  });

  test('failed and uncertain deliveries: the reason, Retry failed, and Send again only after confirming', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const { request, token } = await firstAdminOf(server, playwright, ADMIN);
    const tag = Date.now().toString(36);
    const [acme, bravo] = await createVendors(request, token, tag);
    const [carta] = await createVendors(request, token, `c${tag}`);

    // Bravo's message is refused for good: 'failed' at its first attempt, and not tried again.
    refusing.add(bravo!.email);
    const { id: sendId } = await sendThroughApi(request, token, [acme!, bravo!], {
      tag,
      subject: 'Retry',
      linkVendors: [acme!, bravo!, carta!],
    });
    expect((await settledDeliveries(request, token, sendId)).map(({ vendorId, status }) => [vendorId, status])).toEqual(
      [
        [acme!.vendorId, 'sent'],
        [bravo!.vendorId, 'failed'],
      ],
    );
    // Carta, added once the others are done (the sink's drop cuts every open line), loses the answer to its data.
    dropping.add(carta!.email);
    const added = await request.post(`/api/email-logs/${sendId}/add-vendors`, {
      headers: { authorization: `Bearer ${token}` },
      data: { vendorIds: [carta!.vendorId] },
    });
    expect(added.status(), await added.text()).toBe(200);
    const deliveries = await settledDeliveries(request, token, sendId);
    const errorOf = (vendor: TestVendor) => deliveries.find((delivery) => delivery.vendorId === vendor.vendorId)!;
    expect(errorOf(carta!).status).toBe('uncertain');
    expect(errorOf(bravo!).error).toMatch(/^The mail server refused the message \(554\): .*mailbox unavailable/);
    expect(errorOf(carta!).error).toMatch(/^The connection to the mail server failed after the message was sent/);
    // From here on the SMTP server takes every message.
    refusing.clear();
    dropping.clear();
    expect([sinkCounts(acme!.email), sinkCounts(bravo!.email), sinkCounts(carta!.email)]).toEqual([
      { received: 1, refused: 0 },
      { received: 0, refused: 1 },
      { received: 0, refused: 1 },
    ]);

    const resends: string[] = [];
    page.on('request', (call) => {
      const { pathname } = new URL(call.url());
      if (call.method() === 'POST' && /\/(retry-failed|send-again)$/.test(pathname)) resends.push(pathname);
    });
    await signInWithToken(page, token, '/deployment-log', server.url);
    const card = page.getByTestId(`log-entry-${sendId}`);
    const vendorChip = (vendor: TestVendor) =>
      card.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: vendor.name });
    await expect(card.getByText('Heritage Action', { exact: true })).toBeVisible();
    await expect(vendorChip(acme!)).toContainText('Mailed');
    await expect(vendorChip(bravo!)).toContainText('Failed');
    await expect(
      card.getByRole('list', { name: 'Added vendors' }).getByRole('listitem').filter({ hasText: carta!.name }),
    ).toContainText('Uncertain');
    const problems = card.getByRole('list', { name: 'Delivery problems' });
    await expect(problems).toContainText(`${bravo!.name}: ${errorOf(bravo!).error}`);
    await expect(problems).toContainText(`${carta!.name}: ${errorOf(carta!).error}`);
    await expect(card.locator('p').filter({ hasText: /^CC'd:/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Retry failed puts Bravo's message back in the queue, and the SMTP server now takes it.
    await card.getByRole('button', { name: 'Retry failed' }).click();
    await expect(toast(page, 'Failed deliveries retried')).toBeVisible();
    await expect(toast(page, '1 message re-queued: 2 mailed, 0 pending, 0 failed, 1 uncertain.')).toBeVisible();
    await expect(vendorChip(bravo!)).toContainText('Mailed');
    await expect(card.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
    expect(resends).toEqual([`/api/email-logs/${sendId}/retry-failed`]);
    expect(sinkCounts(bravo!.email)).toEqual({ received: 1, refused: 1 });

    // Send again asks first; Cancel sends nothing.
    await card.getByRole('button', { name: `Send again to ${carta!.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Send again?' });
    await expect(confirm).toContainText(`may mail ${carta!.name} a second time`);
    await expect(confirm).toContainText(errorOf(carta!).error!);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(resends).toHaveLength(1);
    await card.getByRole('button', { name: `Send again to ${carta!.name}` }).click();
    await confirm.getByRole('button', { name: 'Send again' }).click();
    await expect(toast(page, 'Sent again')).toBeVisible();
    await expect(toast(page, `The message to ${carta!.name} was mailed.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    expect(resends).toEqual([
      `/api/email-logs/${sendId}/retry-failed`,
      `/api/email-logs/${sendId}/deliveries/${carta!.vendorId}/send-again`,
    ]);
    await expect(
      card.getByRole('list', { name: 'Added vendors' }).getByRole('listitem').filter({ hasText: carta!.name }),
    ).toContainText('Mailed');
    await expect(problems).toHaveCount(0);

    // Once nothing of the send is left in the queue, each vendor got its message once; Carta's is the very message
    // whose answer was lost (same Message-ID), so a mailbox that had it can drop the copy.
    expect((await settledDeliveries(request, token, sendId)).map(({ status }) => status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect([sinkCounts(acme!.email), sinkCounts(bravo!.email), sinkCounts(carta!.email)]).toEqual([
      { received: 1, refused: 0 },
      { received: 1, refused: 1 },
      { received: 1, refused: 1 },
    ]);
    const messageIdOf = (raw: Buffer) => /^Message-ID:\s*(\S+)/im.exec(raw.toString('latin1'))?.[1];
    const cartaReceived = sink.received.find((message) => message.to.includes(carta!.email))!;
    const cartaDropped = sink.refused.find((message) => message.to.includes(carta!.email))!;
    expect(messageIdOf(cartaReceived.raw)).toBeDefined();
    expect(messageIdOf(cartaReceived.raw)).toBe(messageIdOf(cartaDropped.raw));
    await request.dispose();
  });
});

test('the details modal: the image button only with key and file name, and a failed download says so', async ({
  page,
  request,
}) => {
  const { admin, token } = await freshUser(request);
  const tag = Date.now().toString(36);
  const [acme] = await createVendors(request, admin, tag);
  const link = `https://donate.example.org/give?utm_source=${acme!.utm}`;
  // A text card whose image came without a file name: the server stores the image, and logs no name for it.
  const sent = await request.post('/api/send-email-consolidated', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      selectedVendors: [acme!.vendorId],
      selectedClient: 'heritage-action',
      emailCards: [
        {
          id: 'main',
          htmlContent: `<p>Spring ${tag}</p>`,
          filename: `gone-${tag}.html`,
          subject: 'Spring',
          senderName: 'Heritage',
          endDate: '2031-04-15',
          csvContent: linksCsv([acme!]),
        },
      ],
      textCards: [
        {
          id: 'text',
          content: `Hi ${tag}`,
          senderName: 'Heritage',
          endDate: null,
          csvContent: null,
          fileContent: PNG_1X1.toString('base64'),
          fileName: null,
        },
      ],
      allVendorLinks: { main: { [acme!.vendorId]: link }, text: { [acme!.vendorId]: link } },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const sendId = (await sent.json()).id as number;
  const logged = await (
    await request.get(`/api/email-logs/${sendId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const { htmlFileKey } = logged.cardDetails.emailCards[0] as { htmlFileKey: string };
  expect(logged.cardDetails.textCards[0]).toMatchObject({
    imageFileKey: expect.any(String),
    fileName: null,
    csvFileKey: null,
  });
  // The creative is lost from the shared server's file store (local, under its data folder: storage/local.ts).
  rmSync(join(process.env.E2E_DATA_DIR!, 'files', htmlFileKey.slice(0, 2), htmlFileKey));

  await signInWithToken(page, token, '/deployment-log');
  await page.getByTestId(`log-entry-${sendId}`).click();
  const dialog = detailsDialog(page);
  await expect(
    dialog.getByRole('region', { name: 'Recipients' }).getByText(`Approval Emails (${logged.approvalEmails.length})`),
  ).toBeVisible();
  const textCard = dialog.getByRole('region', { name: 'Text Card 1' });
  await expect(textCard).toContainText(`Hi ${tag}`);
  await expect(textCard.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await expect(textCard.getByRole('button', { name: 'Download Image' })).toHaveCount(0);
  await expect(textCard).toContainText('Not set');
  // The file is not in the store: the server answers 404.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/files/${htmlFileKey}`);
  await dialog.getByRole('region', { name: 'Email Card 1' }).getByRole('button', { name: 'Download HTML' }).click();
  expect((await answered).status()).toBe(404);
  await expect(toast(page, 'Download Failed')).toBeVisible();
  await expect(toast(page, 'Failed to download the file. Please try again.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a server of its own that has no sends yet', () => {
  const ADMIN = 'empty-log.admin@agency.test';
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'outbox' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the log's loading, empty and error states", async ({ page, playwright, consoleErrors }) => {
    test.setTimeout(120_000);
    const { request, token } = await firstAdminOf(server, playwright, ADMIN);
    await request.dispose();
    // The log's first request is held on its way out: the loading state lasts as long as our server's answer, which
    // this machine gives at once. Meanwhile the server stops, so the request meets it away.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let isFirst = true;
    await page.route(
      (url) => url.pathname === '/api/email-logs',
      async (route) => {
        if (isFirst) {
          isFirst = false;
          await held;
        }
        await route.continue();
      },
    );
    await signInWithToken(page, token, '/deployment-log', server.url);
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
    await server.halt();
    release();
    await expect(page.getByRole('alert')).toContainText('Could not load the deployment log.');

    await server.resume();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No emails sent yet.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Search subjects').fill('anything');
    await expect(page.getByText('No sends match these filters.', { exact: true })).toBeVisible();
    // The browser logs each request the stopped server refused (or reset, caught as it stopped): the outage this test made on purpose.
    const others = consoleErrors.filter(
      (text) => !/Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET)/.test(text),
    );
    consoleErrors.splice(0, consoleErrors.length, ...others);
  });
});

test('a link to one send opens its Deployment Details even when the listed sends do not hold it', async ({
  page,
  request,
}) => {
  const { admin, sendId, tag } = await cpdSend(request, 'Linked');
  // A vendor filter that leaves this send out of the list (a statement's link names a vendor and a send).
  await signInWithToken(page, admin, `/deployment-log?vendor=absent-${tag}&send=${sendId}`);
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  await expect(details).toContainText('Linked');
  await expect(page.getByText('No sends match these filters.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
