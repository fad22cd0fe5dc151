import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  authorize,
  expect,
  expectNoSeriousA11yViolations,
  keepScreenshot,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';
import { outboxTexts, unfolded } from './outbox';
import {
  CREATIVE_HTML,
  PNG_1X1,
  cardRenders,
  createVendors,
  dropFiles,
  linksCsv,
  previewText,
  settledDeliveries,
  watchCardRenders,
} from './send-fixtures';

/** Each test signs in as its own new user, so drafts and session start empty. */
async function freshUser(request: Parameters<typeof tokenFor>[0]) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('sender');
  await authorize(request, admin, email);
  return { admin, token: await tokenFor(request, email), email };
}

test('builds an email and a text card from real files, previews each vendor, and restores everything after a reload', async ({
  page,
  request,
}) => {
  const { admin, token } = await freshUser(request);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag);
  const splitSaved = await request.post('/api/vendor-splits', {
    headers: { authorization: `Bearer ${admin}` },
    data: { vendorId: acme!.vendorId, splitRatio: '60/40' },
  });
  expect(splitSaved.status(), await splitSaved.text()).toBe(201);
  await signInWithToken(page, token);

  const sendButton = page.getByRole('button', { name: /Send to \d+ Vendor\(s\)/ });
  await expect(sendButton).toHaveText('Send to 0 Vendor(s)');
  await expect(sendButton).toHaveAttribute('aria-disabled', 'true');
  await sendButton.click({ force: true });
  await expect(page.getByText('No content to send', { exact: true }).first()).toBeVisible();

  await page.getByRole('radio', { name: 'GOA Victory' }).click();
  await expect(page.getByRole('radio', { name: 'GOA Victory' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: /^Email/ }).click();
  await expect(page.getByRole('heading', { name: /Prospecting Email Details/ })).toBeVisible();

  // The HTML through the file picker (opened by a click), the CSV by a drop.
  const emailZone = page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' });
  const chooser = page.waitForEvent('filechooser');
  await emailZone.click();
  await (
    await chooser
  ).setFiles({ name: 'spring-creative.html', mimeType: 'text/html', buffer: Buffer.from(CREATIVE_HTML) });
  await dropFiles(page, emailZone, [
    { name: 'vendor-links.csv', mimeType: 'text/csv', text: linksCsv([acme!, beta!]) },
  ]);
  await expect(page.getByText('spring-creative.html', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/links for 2 vendors/)).toBeVisible();

  await page.getByLabel('Subject line').fill('Spring appeal');
  await page.getByLabel('Sender name').fill('Jane Donor');
  await page.getByLabel('End date').fill('2031-05-01');

  await expect(page.getByTestId('preview-subject')).toHaveText('New GOA Victory Content');
  await sendButton.click({ force: true });
  await expect(page.getByText(/^Please complete: Vendor selection/).first()).toBeVisible();

  await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();
  await page.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
  await expect(page.getByText('2 vendor(s) selected')).toBeVisible();
  await expect(sendButton).toHaveText('Send to 2 Vendor(s)');
  // Select Vendors says whose share of a split is whose, as the message does: the first number is the vendor's.
  const vendorRow = (name: string) =>
    page.getByRole('region', { name: 'Select Vendors' }).getByRole('listitem').filter({ hasText: name });
  await expect(
    vendorRow(acme!.name).getByText('Split: 60/40: vendor 60 %, client 40 %', { exact: true }),
  ).toBeVisible();
  await expect(
    vendorRow(beta!.name).getByText('Split: 50/50: vendor 50 %, client 50 %', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add New Content' }).click();
  await page.getByRole('menuitem', { name: 'Prospecting Text' }).click();
  const textCard = page.getByRole('region', { name: /Prospecting Text Details/ });
  await textCard.getByLabel('Text copy').fill('Stand with us today: reply YES');
  await textCard.getByLabel('Sender name').fill('GOA');
  await dropFiles(page, page.getByRole('button', { name: 'Add CSV and image files to Text 1' }), [
    { name: 'phone.png', mimeType: 'image/png', base64: PNG_1X1.toString('base64') },
  ]);
  await expect(textCard.getByRole('img', { name: 'Image for Text 1' })).toBeVisible();

  await expect(page.getByText('Every vendor has a link for every card')).toBeVisible();
  await expect(sendButton).toHaveAttribute('aria-disabled', 'false');
  await expect(page.getByText(/utm_source values matching no vendor \(1\): nobody_we_know/)).toBeVisible();

  // Each vendor's own preview: its link, its hub key, its address; none of the other's.
  await expect(page.getByTestId('preview-to')).toHaveText(acme!.email);
  let body = await previewText(page);
  expect(body).toContain(`UTM_SOURCE=${acme!.utm}`);
  expect(body).toContain(`EK-${acme!.vendorId}`);
  expect(body).toContain('60/40: vendor 60 %, client 40 %');
  expect(body).not.toContain(beta!.utm);
  await page.getByLabel('Preview as').selectOption(beta!.vendorId);
  await expect(page.getByTestId('preview-to')).toHaveText(beta!.email);
  body = await previewText(page);
  expect(body).toContain(`UTM_SOURCE=${beta!.utm}`);
  expect(body).toContain('Stand with us today: reply YES');
  expect(body).toContain('50/50: vendor 50 %, client 50 %');
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('spring-creative.html');
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('phone.png 0.1 KB');
  // The creative is shown sandboxed: its script never ran. A closed preview holds no frame (no document to keep up).
  await expect(page.locator('iframe[title="Creative preview: spring-creative.html"]')).toHaveCount(0);
  await page.getByText('Creative preview').click();
  await expect(
    page
      .frameLocator('iframe[title="Creative preview: spring-creative.html"]')
      .getByRole('heading', { name: 'Spring appeal' }),
  ).toBeVisible();
  expect(await page.title()).toBe('Dispatch');
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Subject line')).toHaveValue('Spring appeal');
  await expect(page.getByLabel('Sender name').first()).toHaveValue('Jane Donor');
  await expect(page.getByLabel('End date').first()).toHaveValue('2031-05-01');
  await expect(page.getByText('spring-creative.html').first()).toBeVisible();
  await expect(page.getByText('vendor-links.csv', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /Prospecting Text Details/ }).getByLabel('Text copy')).toHaveValue(
    'Stand with us today: reply YES',
  );
  await expect(page.getByRole('img', { name: 'Image for Text 1' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'GOA Victory' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('checkbox', { name: new RegExp(acme!.name) })).toBeChecked();
  await expect(sendButton).toHaveText('Send to 2 Vendor(s)');
  await expect(page.getByText('Every vendor has a link for every card')).toBeVisible();
});

test('refuses files the card does not take, with the exact messages, and says what a CSV lacks', async ({
  page,
  request,
}) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Email/ }).click();
  const zone = page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' });

  await dropFiles(page, zone, [{ name: 'photo.png', mimeType: 'image/png', base64: PNG_1X1.toString('base64') }]);
  await expect(page.getByText('Invalid file type', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Please select an HTML or CSV file.', { exact: true }).first()).toBeVisible();

  await dropFiles(page, zone, [
    { name: 'ok.html', mimeType: 'text/html', text: '<p>ok</p>' },
    { name: 'notes.pdf', mimeType: 'application/pdf', text: '%PDF' },
  ]);
  await expect(
    page.getByText('Unsupported file: notes.pdf. Please select HTML or CSV files.', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByText('ok.html', { exact: true })).toBeVisible();

  await dropFiles(page, zone, [
    { name: 'broken.csv', mimeType: 'text/csv', base64: Buffer.from([0, 1, 2, 0, 255, 0]).toString('base64') },
  ]);
  await expect(page.getByText('Error parsing CSV', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Could not parse the CSV file content.', { exact: true }).first()).toBeVisible();
});

test('drop zones highlight while a file is dragged over and open the picker from the keyboard', async ({
  page,
  request,
}) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Text/ }).click();
  const zone = page.getByRole('button', { name: 'Add CSV and image files to Text 1' });
  // Asked for well before the key is pressed: the browser intercepts file choosers only once Playwright has told it
  // to, and a key press is a single round trip that can overtake that (seen once: the picker opened uncaught).
  const chooser = page.waitForEvent('filechooser');
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragover', 'true');
  await zone.dispatchEvent('dragleave', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragover', 'false');

  await zone.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(
    page.getByText('Unsupported file: copy.pdf. Please select CSV or image files.', { exact: true }).first(),
  ).toBeVisible();

  // Removing the last text card returns to 'Select content:'.
  await page.getByRole('button', { name: 'Remove Text 1' }).click();
  await expect(page.getByRole('heading', { name: 'Select content:' })).toBeVisible();
});

test('per pricing model, a vendor without terms blocks the send and is named', async ({ page, request }) => {
  const { admin, token } = await freshUser(request);
  const tag = Date.now().toString(36);
  const [acme] = await createVendors(request, admin, tag);
  await signInWithToken(page, token);
  await page.getByLabel('Pricing model').selectOption('CPD');
  await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();
  await expect(
    page.getByRole('checkbox', { name: new RegExp(acme!.name) }).locator('xpath=ancestor::label'),
  ).toContainText('Cost per donor: [Not set]');
  await page.getByRole('button', { name: /Send to 1 Vendor\(s\)/ }).click({ force: true });
  await expect(page.getByText('No content to send', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: /^Text/ }).click();
  await page.getByRole('button', { name: /Send to 1 Vendor\(s\)/ }).click({ force: true });
  await expect(
    page
      .getByText(new RegExp(`Please complete: .*Cost per donor for ${acme!.name}, CPD budget for ${acme!.name}`))
      .first(),
  ).toBeVisible();
});

test('a pricing model cannot be chosen before the saved work has loaded, so the loaded work never overwrites the choice', async ({
  page,
  request,
}) => {
  const { token } = await freshUser(request);
  let releaseSession!: () => void;
  const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
  // Only held on its way, then answered by the server: the server answers at once, a slow network cannot be made here.
  await page.route('**/api/prospecting-session', async (route) => {
    if (route.request().method() === 'GET') await sessionHeld;
    await route.continue();
  });
  await signInWithToken(page, token);
  const pricing = page.getByLabel('Pricing model');
  await expect(pricing).toBeDisabled();
  await expect(page.getByRole('button', { name: /Send to \d+ Vendor\(s\)/ })).toBeDisabled();
  releaseSession();
  await expect(pricing).toBeEnabled();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/prospecting-session') && response.request().method() === 'POST' && response.ok(),
  );
  await pricing.selectOption('CPD');
  await saved;
  await page.unroute('**/api/prospecting-session');
  await page.reload();
  await expect(page.getByLabel('Pricing model')).toHaveValue('CPD');
});

test('typing 100 characters into a field autosaves it in at most 3 requests', async ({ page, request }) => {
  const { token } = await freshUser(request);
  // The page's clock is ours: each keystroke comes 150 ms of page time after the last (a brisk typist), however busy
  // this machine is.
  await page.clock.install();
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Email/ }).click();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/prospecting-drafts') && sent.method() !== 'GET')
      saves.push(`${sent.method()} ${sent.postData() ?? ''}`);
  });
  const typed = 'Spring appeal: every gift doubled until midnight, so please give today and tell a friend who cares!!';
  expect(typed).toHaveLength(100);
  await page.getByLabel('Subject line').focus();
  await page.clock.pauseAt(Date.now() + 60_000);
  for (const character of typed) {
    await page.keyboard.type(character);
    await page.clock.runFor(150);
  }
  await page.clock.runFor(2_000);
  await page.clock.resume();
  await expect.poll(() => saves.at(-1) ?? '', { timeout: 15_000 }).toContain(typed);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  expect(saves.length).toBeLessThanOrEqual(3);
  await expect(page.getByLabel('Subject line')).toHaveValue(typed);
  await page.reload();
  await expect(page.getByLabel('Subject line')).toHaveValue(typed);
});

test('a save that keeps failing is retried, the user is told, and nothing typed is lost', async ({ page, request }) => {
  const { token } = await freshUser(request);
  // The page's clock is ours: its retries wait 1, 2, 4 and 8 s, which the test passes a second at a time, as fast as
  // the page answers, instead of waiting them out.
  await page.clock.install();
  const passSecondsUntil = (shown: Locator) =>
    expect(async () => {
      await page.clock.fastForward(1_000);
      await expect(shown).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 30_000 });
  await signInWithToken(page, token);
  // The server away for saves only, while it serves the page: the shared server's embedded database cannot go away (a
  // stopped server of its own is outage.spec.ts).
  await page.route('**/api/prospecting-drafts**', (route) =>
    route.request().method() === 'GET'
      ? route.continue()
      : route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
  );
  await page.getByRole('button', { name: /^Email/ }).click();
  await page.getByLabel('Subject line').fill('Typed while the server was away');
  await passSecondsUntil(page.getByText('Changes not saved yet', { exact: true }).first());
  await expect(page.getByText('Not saved yet: retrying')).toBeVisible();
  await page.unroute('**/api/prospecting-drafts**');
  await passSecondsUntil(page.getByText('All changes saved'));
  await page.reload();
  await expect(page.getByLabel('Subject line')).toHaveValue('Typed while the server was away');
});

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });

test('a save the server refuses as too large is not retried, and the user is told why', async ({ page, request }) => {
  const { token } = await freshUser(request);
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Email/ }).click();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  /** Each save that carried the creative, and the server's answer to it. */
  const fileSaves: Promise<number>[] = [];
  page.on('request', (sent) => {
    if (
      !sent.url().includes('/api/prospecting-drafts') ||
      sent.method() === 'GET' ||
      !sent.postData()?.includes('"fileContent"')
    )
      return;
    fileSaves.push(
      sent.response().then(
        (answer) => answer?.status() ?? 0,
        () => 0,
      ),
    );
  });
  // The route's real 413: a 6.2 MB creative (under the page's 10 MB file limit) of control characters, each of which
  // JSON writes as six bytes (\u0001), makes a save body past the 36 MB the drafts route reads.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([`<p>${'\u0001'.repeat(Math.round(6.2 * 1024 * 1024))}</p>`], 'escapes.html', { type: 'text/html' }),
    );
    return transfer;
  });
  const zone = page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  const tooLarge =
    'The upload is too large: HTML and CSV files may be at most 10 MB each, images 5 MB, and the attachments of one message 20 MB.';
  await expect(toast(page, 'Not saved')).toBeVisible({ timeout: 30_000 });
  await expect(toast(page, tooLarge)).toBeVisible();
  // The save status says so too, for whoever missed the toast. It reads 'Not saved: ...' only when the autosave queue
  // is empty again: nothing is left that could send the refused save again. A retried save would keep its entry
  // (Saving... (retrying)) and go out a second time.
  const saveStatus = page.getByRole('status').filter({ hasText: /^(All changes saved|Saving\.\.\.|Not saved)/ });
  await expect(saveStatus).toHaveText(`Not saved: ${tooLarge}`, { timeout: 15_000 });
  await expect(page.getByText('Changes not saved yet', { exact: true })).toHaveCount(0);
  await keepScreenshot(page, 'save-status-not-saved.png');
  expect(await Promise.all(fileSaves)).toEqual([413]);
  // The next edit saves again, with the creative, and is refused again: the status still says the work is not saved.
  const subjectSaved = page.waitForResponse(
    (answer) => answer.url().includes('/api/prospecting-drafts/') && answer.request().method() === 'PATCH',
  );
  await page.getByLabel('Subject line').fill('Spring appeal');
  expect((await subjectSaved).status()).toBe(413);
  await expect(saveStatus).toHaveText(`Not saved: ${tooLarge}`);
  // Without the creative (a save that carries fileContent: null) the card saves, and the status follows.
  await page.getByRole('button', { name: 'Remove escapes.html' }).click();
  await expect(saveStatus).toHaveText('All changes saved', { timeout: 15_000 });
  expect(await Promise.all(fileSaves)).toEqual([413, 413, 200]);
});

test('a 30 MB CSV is read off the main thread with progress while the page stays usable', async ({ page, request }) => {
  const { admin, token } = await freshUser(request);
  const tag = Date.now().toString(36);
  const vendors = await createVendors(request, admin, tag);
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Email/ }).click();
  const zone = page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' });
  const dataTransfer = await page.evaluateHandle(
    (sources) => {
      const rows = ['id,email,url'];
      for (let i = 0; i < 300_000; i++)
        rows.push(
          `${i},donor${i}@example.org,https://donate.example.org/give?utm_source=${sources[i % sources.length]}&utm_medium=email&row=${i}`,
        );
      const transfer = new DataTransfer();
      transfer.items.add(new File([rows.join('\n')], 'big-list.csv', { type: 'text/csv' }));
      return transfer;
    },
    vendors.map((vendor) => vendor.utm),
  );
  // In the page, in the order they happen: each keystroke that lands in the subject (with whether the read was still
  // going then: its progress bar shown, its result not yet), each step of the bar, and the read's result appearing.
  const subject = page.getByLabel('Subject line');
  await subject.evaluate((input: HTMLInputElement) => {
    const events: { kind: 'typed' | 'progress' | 'read'; value?: string; isReading?: boolean }[] = [];
    const progressBar = () => document.querySelector('progress[aria-label="Reading CSV"]');
    const hasResult = () => /300,001 lines/.test(document.body.textContent ?? '');
    Object.assign(window, { readEvents: events });
    input.addEventListener('input', () =>
      events.push({ kind: 'typed', value: input.value, isReading: progressBar() !== null && !hasResult() }),
    );
    let lastProgress: string | null = null;
    const observer = new MutationObserver(() => {
      const progress = progressBar()?.getAttribute('value') ?? null;
      if (progress !== null && progress !== lastProgress) events.push({ kind: 'progress', value: progress });
      lastProgress = progress;
      if (!hasResult()) return;
      events.push({ kind: 'read' });
      observer.disconnect();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['value'],
    });
  });
  await zone.dispatchEvent('drop', { dataTransfer });
  // The main thread answers while the worker reads: typed once the read is under way, each keystroke landed before
  // the read ended, and the read went on moving meanwhile (a step of its bar after the first keystroke), which a read
  // holding the main thread could not draw.
  await expect(page.getByRole('progressbar', { name: 'Reading CSV' })).toBeVisible();
  await subject.pressSequentially('Still typing');
  await expect(subject).toHaveValue('Still typing');
  await expect(page.getByText(/300,001 lines, links for 2 vendors · over 10 MB/)).toBeVisible({ timeout: 30_000 });
  const events = await page.evaluate(
    () => (window as unknown as { readEvents: { kind: string; value?: string; isReading?: boolean }[] }).readEvents,
  );
  const typed = events.filter((event) => event.kind === 'typed');
  expect(typed).toHaveLength('Still typing'.length);
  expect(typed.at(-1)?.value).toBe('Still typing');
  expect(typed.filter((event) => !event.isReading)).toEqual([]);
  expect(events.at(-1)?.kind).toBe('read');
  const firstKeystroke = events.findIndex((event) => event.kind === 'typed');
  expect(
    events.slice(firstKeystroke).some((event) => event.kind === 'progress'),
    JSON.stringify(events),
  ).toBe(true);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByText('big-list.csv', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(vendors[0]!.name) }).check();
  await expect(page.getByText('Every vendor has a link for every card')).toBeVisible();
});

test('a proof goes to the sender only, then the send mails each vendor once and the page starts over', async ({
  page,
  request,
}) => {
  const { admin, token, email } = await freshUser(request);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag);
  await signInWithToken(page, token);
  await page.getByRole('radio', { name: 'Heritage Action' }).click();
  await page.getByRole('button', { name: /^Email/ }).click();
  const zone = page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' });
  await dropFiles(page, zone, [
    { name: `creative-${tag}.html`, mimeType: 'text/html', text: `<p>Creative ${tag}</p>` },
    { name: 'links.csv', mimeType: 'text/csv', text: linksCsv([acme!, beta!]) },
  ]);
  await page.getByLabel('Subject line').fill(`Proof subject ${tag}`);
  await page.getByLabel('Sender name').fill('Heritage');
  await page.getByLabel('End date').fill('2031-06-30');
  await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();
  await page.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
  await page.getByLabel('Preview as').selectOption(beta!.vendorId);

  await page.getByRole('button', { name: 'Send me a proof' }).click();
  await expect(page.getByText('Proof sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`The message ${beta!.name} would receive was sent to ${email}.`).first()).toBeVisible();
  const proof = outboxTexts()
    .map(unfolded)
    .find((message) => message.includes(`Proof subject`) && message.includes(`creative-${tag}.html`));
  expect(proof).toBeDefined();
  expect(proof).toMatch(/^Subject: \[PROOF\] New Heritage Action Content/m);
  expect(proof).toMatch(new RegExp(`^To: ${email.replace('.', '\\.')}`, 'm'));
  expect(proof).not.toMatch(/^Cc:/m);
  expect(proof).toContain(beta!.utm);

  const sendAnswered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/send-email-consolidated',
  );
  await page.getByRole('button', { name: 'Send to 2 Vendor(s)' }).click();
  await expect(page.getByText('Email sent successfully!', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Email delivered to 2 vendor(s).', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select content:' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send to 0 Vendor(s)' })).toBeVisible();
  // Once: counted when the queue holds nothing more of this send that could mail a vendor again.
  const { id: sendId } = (await (await sendAnswered).json()) as { id: number };
  expect((await settledDeliveries(request, token, sendId)).map((delivery) => delivery.status)).toEqual([
    'sent',
    'sent',
  ]);
  const sent = outboxTexts()
    .map(unfolded)
    .filter((message) => message.includes(`creative-${tag}.html`) && !message.includes('[PROOF]'));
  expect(sent).toHaveLength(2);
  expect(sent.find((message) => message.includes(acme!.email))).toContain(acme!.utm);
  expect(sent.find((message) => message.includes(acme!.email))).not.toContain(beta!.utm);

  // Nothing is left to restore.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select content:' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Heritage Action' })).toHaveAttribute('aria-checked', 'false');
});

test('typing in one card draws that card alone, and the preview writes the new body into the document it has', async ({
  page,
  request,
}) => {
  const { token } = await freshUser(request);
  await watchCardRenders(page);
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /^Email/ }).click();
  await page.getByRole('button', { name: 'Add New Content' }).click();
  await page.getByRole('menuitem', { name: 'Prospecting Email' }).click();
  await page.getByRole('button', { name: 'Add New Content' }).click();
  await page.getByRole('menuitem', { name: 'Prospecting Text' }).click();
  const email1 = page.getByRole('region', { name: 'Prospecting Email Details (Email 1)' });
  const email2 = page.getByRole('region', { name: 'Prospecting Email Details (Email 2)' });
  const text1 = page.getByRole('region', { name: 'Prospecting Text Details (Text 1)' });
  await email1.getByLabel('Subject line').fill('Spring appeal');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => previewText(page)).toContain('Spring appeal');
  const frame = page.locator('iframe[title="Email body preview"]');
  await frame.evaluate((element: HTMLIFrameElement) =>
    Object.assign(window, { previewDocument: element.contentDocument }),
  );
  await cardRenders(page);

  await email2.getByLabel('Subject line').pressSequentially('Autumn appeal');
  await expect.poll(() => previewText(page)).toContain('Autumn appeal');
  let renders = await cardRenders(page);
  expect(renders['Prospecting Email Details (Email 2)']).toBeGreaterThan(0);
  expect(renders).toEqual({ 'Prospecting Email Details (Email 2)': renders['Prospecting Email Details (Email 2)'] });

  await text1.getByLabel('Text copy').pressSequentially('Reply YES');
  await expect.poll(() => previewText(page)).toContain('Reply YES');
  renders = await cardRenders(page);
  expect(Object.keys(renders)).toEqual(['Prospecting Text Details (Text 1)']);

  // The same document throughout, whose body is what a fresh page draws for the same cards.
  expect(
    await frame.evaluate(
      (element: HTMLIFrameElement) =>
        element.contentDocument === (window as unknown as { previewDocument: Document }).previewDocument,
    ),
  ).toBe(true);
  const written = await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument!.body.innerHTML);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect.poll(() => previewText(page)).toContain('Reply YES');
  expect(await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument!.body.innerHTML)).toBe(written);
});
