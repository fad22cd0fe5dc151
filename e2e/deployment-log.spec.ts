import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ADMIN_EMAIL, authorize, expect, expectNoSeriousA11yViolations, signInWithToken, test, tokenFor, uniqueEmail } from './fixtures';
import { PNG_1X1, createVendors, dropFiles, linksCsv } from './send-fixtures';

/** Each test signs in as its own new user, so drafts and session start empty. */
async function freshUser(request: APIRequestContext) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('sender');
  await authorize(request, admin, email);
  return { admin, token: await tokenFor(request, email), email };
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const detailsDialog = (page: Page) => page.getByRole('dialog', { name: 'Deployment Details' });
const sends = (page: Page) => page.getByRole('list', { name: 'Sends' }).getByRole('listitem').filter({ has: page.locator('article') });

async function downloadFrom(page: Page, button: Locator): Promise<{ download: Download; text: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const download = await started;
  const bytes = readFileSync((await download.path())!);
  return { download, bytes, text: bytes.toString('utf8') };
}

test('a send from the send page appears in the log with its files, each vendor message and working filters', async ({ page, request }) => {
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
    await expect(vendorChips).toHaveText([`${acme!.name}MailedSentSplit: 50/50`, `${beta!.name}MailedSentSplit: 50/50`]);
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
    expect(message.to && !Array.isArray(message.to) ? message.to.value.map((address) => address.address) : []).toEqual([acme!.email]);
    expect(message.subject).toBe('New Club for Growth Content');
    expect(message.html).toContain(`UTM_SOURCE=${acme!.utm}`);
    expect(message.html).not.toContain(beta!.utm);
    expect(message.text).not.toContain(beta!.utm);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Filters go to the server: client, vendor, subject.
    const clientFilter = page.getByLabel('Client', { exact: true });
    const logLoaded = page.waitForResponse((response) => response.url().includes('/api/email-logs?') && response.url().includes('client=club-growth'));
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

const logEntry = (overrides: Record<string, unknown> = {}) => ({
  id: 987654,
  sentAt: '2026-03-14T19:05:00.000Z',
  sentBy: 'sender@agency.test',
  clientName: 'Heritage Action',
  clientSlug: 'heritage-action',
  vendors: ['Acme Leads', 'Bravo Data', 'Carta Media'],
  approvalEmails: [],
  emailCardCount: 1,
  textCardCount: 1,
  cardDetails: {
    emailCards: [{ subject: 'Spring', senderName: 'Heritage', endDate: '2026-04-15', filename: 'gone.html', htmlFileKey: '0'.repeat(32), csvFileKey: null }],
    textCards: [{ senderName: 'Heritage', endDate: null, textContent: 'Hi', csvFileKey: null, imageFileKey: '1'.repeat(32), fileName: null }],
  },
  subjects: ['New Heritage Action Content', 'Spring'],
  filesRemovedAt: null,
  pricingModel: 'Revshare',
  remindersEnabled: true,
  spend: null,
  deliveries: [
    { vendorId: 'acme1234', vendorName: 'Acme Leads', status: 'sent', error: null, attempts: 1, sentAt: '2026-03-14T19:05:01.000Z', nextAttemptAt: null, terms: null, addedAt: null, addedBy: null, tracking: null, spend: null, vendorLink: null },
    { vendorId: 'bravo5678', vendorName: 'Bravo Data', status: 'failed', error: 'The mail server refused the message (554): mailbox unavailable', attempts: 6, sentAt: null, nextAttemptAt: null, terms: null, addedAt: null, addedBy: null, tracking: null, spend: null, vendorLink: null },
    { vendorId: 'carta9012', vendorName: 'Carta Media', status: 'uncertain', error: 'No answer after the message was sent (timeout)', attempts: 1, sentAt: null, nextAttemptAt: null, terms: null, addedAt: null, addedBy: null, tracking: null, spend: null, vendorLink: null },
  ],
  ...overrides,
});

test('failed and uncertain deliveries: the reason, Retry failed, and Send again only after confirming', async ({ page, request }) => {
  const { token } = await freshUser(request);
  let entry = logEntry();
  const calls: string[] = [];
  await page.route('**/api/email-logs**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (route.request().method() === 'GET' && pathname === '/api/email-logs') return route.fulfill({ json: [entry] });
    // Open Deployment Details follow their entry (issue 14 item 6).
    if (route.request().method() === 'GET' && pathname === `/api/email-logs/${entry.id}`) return route.fulfill({ json: entry });
    calls.push(`${route.request().method()} ${pathname}`);
    if (pathname.endsWith('/retry-failed')) {
      entry = logEntry({ deliveries: entry.deliveries.map((delivery) => (delivery.status === 'failed' ? { ...delivery, status: 'sent', error: null } : delivery)) });
      return route.fulfill({ json: { id: entry.id, requeued: 1, mailed: 2, pending: 0, failed: 0, uncertain: 1 } });
    }
    if (pathname.endsWith('/send-again')) {
      const delivery = { ...entry.deliveries[2]!, status: 'sent', error: null, attempts: 2 };
      entry = logEntry({ deliveries: [...entry.deliveries.slice(0, 2), delivery] });
      return route.fulfill({ json: { id: entry.id, mailed: 3, pending: 0, failed: 0, uncertain: 0, delivery } });
    }
    return route.continue();
  });
  await signInWithToken(page, token, '/deployment-log');

  const card = page.getByTestId('log-entry-987654');
  await expect(card.getByRole('heading')).toHaveText(/^Mar 14, 2026, \d{1,2}:05 (am|pm)/);
  await expect(card.getByText('Heritage Action', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Vendors' }).getByRole('listitem')).toHaveText(['Acme LeadsMailed', 'Bravo DataFailed', 'Carta MediaUncertain']);
  const problems = card.getByRole('list', { name: 'Delivery problems' });
  await expect(problems).toContainText('Bravo Data: The mail server refused the message (554): mailbox unavailable');
  await expect(problems).toContainText('Carta Media: No answer after the message was sent (timeout)');
  await expect(card.locator('p').filter({ hasText: /^CC'd:/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Retry failed' }).click();
  await expect(toast(page, 'Failed deliveries retried')).toBeVisible();
  await expect(toast(page, '1 message re-queued: 2 mailed, 0 pending, 0 failed, 1 uncertain.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Vendors' }).getByRole('listitem')).toHaveText(['Acme LeadsMailed', 'Bravo DataMailed', 'Carta MediaUncertain']);
  await expect(card.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  expect(calls).toEqual(['POST /api/email-logs/987654/retry-failed']);

  // Send again asks first; Cancel sends nothing.
  await card.getByRole('button', { name: 'Send again to Carta Media' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send again?' });
  await expect(confirm).toContainText('may mail Carta Media a second time');
  await expect(confirm).toContainText('No answer after the message was sent (timeout)');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(calls).toHaveLength(1);
  await card.getByRole('button', { name: 'Send again to Carta Media' }).click();
  await confirm.getByRole('button', { name: 'Send again' }).click();
  await expect(toast(page, 'Sent again')).toBeVisible();
  await expect(toast(page, 'The message to Carta Media was mailed.')).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(calls).toEqual(['POST /api/email-logs/987654/retry-failed', 'POST /api/email-logs/987654/deliveries/carta9012/send-again']);
  await expect(card.getByRole('list', { name: 'Vendors' }).getByRole('listitem')).toHaveText(['Acme LeadsMailed', 'Bravo DataMailed', 'Carta MediaMailed']);
  await expect(card.getByRole('list', { name: 'Delivery problems' })).toHaveCount(0);
});

test('the details modal: the image button only with key and file name, and a failed download says so', async ({ page, request }) => {
  const { token } = await freshUser(request);
  await page.route('**/api/email-logs**', (route) =>
    route.fulfill({ json: new URL(route.request().url()).pathname === '/api/email-logs' ? [logEntry()] : logEntry() }),
  );
  await signInWithToken(page, token, '/deployment-log');
  await page.getByTestId('log-entry-987654').click();
  const dialog = detailsDialog(page);
  await expect(dialog.getByRole('region', { name: 'Recipients' }).getByText('Approval Emails (0)')).toBeVisible();
  const textCard = dialog.getByRole('region', { name: 'Text Card 1' });
  await expect(textCard.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await expect(textCard.getByRole('button', { name: 'Download Image' })).toHaveCount(0);
  await expect(textCard).toContainText('Not set');
  // The file is not in the store: the server answers 404.
  await dialog.getByRole('region', { name: 'Email Card 1' }).getByRole('button', { name: 'Download HTML' }).click();
  await expect(toast(page, 'Download Failed')).toBeVisible();
  await expect(toast(page, 'Failed to download the file. Please try again.')).toBeVisible();
});

test("the log's loading, empty and error states", async ({ page, request }) => {
  const { token } = await freshUser(request);
  let answer: 'fail' | 'empty' = 'fail';
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/email-logs**', async (route) => {
    if (answer === 'fail') {
      await held;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
    }
    return route.fulfill({ json: [] });
  });
  await signInWithToken(page, token, '/deployment-log');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
  release();
  await expect(page.getByRole('alert')).toContainText('Could not load the deployment log.');
  answer = 'empty';
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No emails sent yet.', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Search subjects').fill('anything');
  await expect(page.getByText('No sends match these filters.', { exact: true })).toBeVisible();
});
