import { outboxMailTo, outboxOf } from './outbox';
import { startOwnServer } from './own-server';
import { expect, expectNoSeriousA11yViolations, firstAdminOf, keepScreenshot, signInWithToken, test } from './fixtures';
import type { APIRequestContext } from '@playwright/test';
import { createVendors, heritageEmailCard, sendThroughApi } from './send-fixtures';

const ADMIN = 'reminders.admin@agency.test';

/**
 * A server of its own whose vendors are reminded after 0.002 hours (7.2 s), so the test sees a reminder go out; the
 * shared server keeps the default 24 hours, and no other spec's vendor is reminded.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'outbox', VENDOR_REMINDER_HOURS: '0.002' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The reminders in the server's outbox (messages answering another one), parsed. */
const remindersTo = async (address: string) =>
  (await outboxMailTo(outboxOf(server.dataDir), address)).filter((mail) => mail.inReplyTo);

/**
 * A send through the API (reminders on) to a vendor of its own, made now, and its reminder, which comes when the sweeps
 * have passed its due time: whatever was due before it has been looked at by then.
 */
async function remindedAfter(request: APIRequestContext, token: string, tag: string) {
  const [control] = await createVendors(request, token, tag);
  await sendThroughApi(request, token, [control!], { tag, subject: 'Control' });
  await expect
    .poll(async () => (await remindersTo(control!.email)).length, {
      message: `the reminder of ${control!.name}`,
      timeout: 30_000,
    })
    .toBe(1);
}

test("'Send reminders to vendors' is kept with the send page and sent with the send; turned on later, the vendor is reminded and the team sees 'Reminded'", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { request, token } = await firstAdminOf(server, playwright, ADMIN);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, token, tag);

  await signInWithToken(page, token, '/', server.url);
  await heritageEmailCard(page, tag, [acme!, beta!]);
  await page.getByLabel('Subject line').fill(`Remind ${tag}`);
  await page.getByLabel('Sender name').fill('Heritage');
  await page.getByLabel('End date').fill('2031-06-30');
  await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();

  // On by default; unticked, it stays so after a reload (saved with the page's other choices).
  const option = page.getByRole('checkbox', { name: 'Send reminders to vendors' });
  await expect(option).toBeChecked();
  await option.uncheck();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(option).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await option.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'send-page-reminders-option.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await option.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'send-page-reminders-option-phone.png');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Send to 1 Vendor(s)' }).click();
  await expect(page.getByText('Email sent successfully!', { exact: true }).first()).toBeVisible();

  // Sent without reminders: nothing goes to the vendor but its message. A send made after it, with reminders, is
  // due later: once its vendor has had its reminder, the sweeps have passed this send's due time too.
  await page.goto(`${server.url}/deployment-log`);
  const entry = page.getByRole('article').filter({ hasText: `Remind ${tag}` });
  await expect(entry.getByText('Sent', { exact: true }).first()).toBeVisible();
  await remindedAfter(request, token, `${tag}a`);
  expect(await remindersTo(acme!.email)).toHaveLength(0);

  // Turned on from the Deployment Details: the next sweep reminds the vendor, who has not answered.
  await entry.getByRole('button', { name: /show the Deployment Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const toggle = details.getByRole('checkbox', { name: 'Send reminders to vendors' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByTestId('toast').getByText('Reminders on', { exact: true })).toBeVisible();
  await expect(toggle).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'deployment-details-reminders.png');
  await page.keyboard.press('Escape');

  await expect(async () => {
    await page.reload();
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: `Remind ${tag}` })
        .getByText(/^Reminded /),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const [reminder] = await remindersTo(acme!.email);
  expect(reminder!.subject).toBe('Re: New Heritage Action Content');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'deployment-log-reminded-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'deployment-log-reminded-phone.png', { fullPage: true });

  // And on the Tracking board's card.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/tracking`);
  await page.getByLabel('Vendor').selectOption(acme!.vendorId);
  // The card of this vendor alone: the control sends' vendors (named after it) are reminded too, and the filter's
  // answer may not have replaced the whole board yet.
  const card = page
    .getByRole('region', { name: 'Sent' })
    .getByRole('listitem')
    .filter({ has: page.getByText(acme!.name, { exact: true }) });
  await expect(card.getByText(/^Reminded /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'tracking-board-reminded.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'tracking-board-reminded-phone.png', { fullPage: true });
  // One reminder only, however many sweeps have run since: a send made after the reminder is reminded too.
  await remindedAfter(request, token, `${tag}b`);
  expect(await remindersTo(acme!.email)).toHaveLength(1);
  await request.dispose();
});
