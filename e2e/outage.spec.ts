import { outboxOf, outboxTexts, unfolded } from './outbox';
import { startOwnServer } from './own-server';
import { expect, firstAdminOf, signInWithToken, test } from './fixtures';
import { createVendors, heritageEmailCard } from './send-fixtures';

const ADMIN = 'outage.admin@agency.test';

/** The send page against a server of its own, which the test stops and starts again (the shared one must stay up). */
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAILS: ADMIN, MAIL_TRANSPORT: 'outbox' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('through a server restart: typing shows "Not saved yet: retrying" and saves on recovery; a send during it is refused, then mailed once', async ({
  page,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const { request, token } = await firstAdminOf(server, playwright, ADMIN);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, token, tag);

  // The page talks to the server under test, not the shared one.
  await signInWithToken(page, token, '/', server.url);
  await heritageEmailCard(page, tag, [acme!, beta!]);
  await page.getByLabel('Sender name').fill('Heritage');
  await page.getByLabel('End date').fill('2031-06-30');
  await page.getByRole('checkbox', { name: new RegExp(acme!.name) }).check();
  await page.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });

  await server.halt();
  await page.getByLabel('Subject line').fill(`Typed during the outage ${tag}`);
  await expect(page.getByText('Not saved yet: retrying')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Send to 2 Vendor(s)' }).click();
  await expect(page.getByText('Failed to send email', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/The server could not be reached\. Try again in a moment/).first()).toBeVisible();

  await server.resume();
  // The retries reach the server once it is back: the typed subject is saved without anything done.
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  const drafts = await request.get('/api/prospecting-drafts', { headers: { authorization: `Bearer ${token}` } });
  expect(JSON.stringify(await drafts.json())).toContain(`Typed during the outage ${tag}`);
  // The refused send sent nothing and left no trace.
  const logs = await request.get('/api/email-logs', { headers: { authorization: `Bearer ${token}` } });
  expect(await logs.json()).toEqual([]);
  expect(sentFor(tag)).toHaveLength(0);

  await page.getByRole('button', { name: 'Send to 2 Vendor(s)' }).click();
  await expect(page.getByText('Email sent successfully!', { exact: true }).first()).toBeVisible();
  const sent = sentFor(tag);
  expect(sent).toHaveLength(2);
  expect(sent.filter((message) => message.includes(acme!.email))).toHaveLength(1);
  expect(sent.filter((message) => message.includes(beta!.email))).toHaveLength(1);
  const after = await request.get('/api/email-logs', { headers: { authorization: `Bearer ${token}` } });
  expect(await after.json()).toHaveLength(1);
  await request.dispose();
  // The browser logs each request the stopped server refused (or reset, caught as it stopped): the outage this test made on purpose.
  const others = consoleErrors.filter(
    (text) => !/Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET)/.test(text),
  );
  consoleErrors.splice(0, consoleErrors.length, ...others);
});

/** The vendor messages of this test's send in the server's outbox. */
function sentFor(tag: string): string[] {
  return outboxTexts(outboxOf(server.dataDir))
    .map(unfolded)
    .filter((message) => message.includes(`creative-${tag}.html`));
}
