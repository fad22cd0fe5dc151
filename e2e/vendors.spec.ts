import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  authorize,
  expect,
  expectNoSeriousA11yViolations,
  screenshots,
  signInWithToken,
  test,
  tokenFor,
  uniqueEmail,
} from './fixtures';

const GONE = 'This vendor no longer exists. It may have been deleted by someone else.';

/** A name and UTM source no other test uses. */
function uniqueVendor(prefix: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { name: `${prefix} ${tag}`, utmSource: `${prefix.toLowerCase().replace(/[^a-z]/g, '')}${tag}` };
}

async function createVendor(request: APIRequestContext, adminToken: string, prefix: string) {
  const { name, utmSource } = uniqueVendor(prefix);
  const vendor = { vendorId: utmSource, name, emails: [uniqueEmail('vendor')], defaultUtmSource: utmSource };
  const response = await request.post('/api/vendors', {
    data: vendor,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return vendor;
}

async function costsOf(request: APIRequestContext, token: string, vendorId: string) {
  const response = await request.get('/api/vendor-costs', { headers: { authorization: `Bearer ${token}` } });
  const rows = (await response.json()) as { vendorId: string }[];
  return rows.find((row) => row.vendorId === vendorId);
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Vendor Settings' });

test('an admin adds a vendor, edits its addresses and keys, sets its terms and deletes it', async ({
  page,
  request,
}) => {
  // The page's clock is ours (it runs as usual until paused): the costs' wait after the last keystroke is measured in
  // page time, not in how fast this machine types.
  await page.clock.install();
  const admin = await tokenFor(request, ADMIN_EMAIL);
  await signInWithToken(page, admin, '/vendors');
  await expect(page.getByRole('heading', { name: 'Vendor Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vendors' }).or(page.getByText('No vendors yet'))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add New Vendor: disabled without address or UTM source; without a name the action does nothing.
  const { name, utmSource } = uniqueVendor('Acme Lists');
  const email = uniqueEmail('acme');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New Vendor' });
  await expect(addDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const addButton = addDialog.getByRole('button', { name: 'Add Vendor' });
  await expect(addButton).toBeDisabled();
  await expect(addDialog.getByLabel('Email Address')).toHaveAttribute('type', 'email');
  await addDialog.getByLabel('Email Address').fill(email);
  await expect(addButton).toBeDisabled();
  await addDialog.getByLabel('Default UTM Source').fill(utmSource);
  await expect(addButton).toBeEnabled();
  let vendorPosts = 0;
  page.on('request', (call) => {
    if (call.method() === 'POST' && new URL(call.url()).pathname === '/api/vendors') vendorPosts += 1;
  });
  await addButton.click();
  await expect(addDialog).toBeVisible();
  expect(vendorPosts).toBe(0);

  await addDialog.getByLabel('Vendor Name').fill(name);
  const created = page.waitForRequest(
    (call) => call.method() === 'POST' && new URL(call.url()).pathname === '/api/vendors',
  );
  await addButton.click();
  const body = (await created).postDataJSON();
  expect(body).toEqual({
    vendorId: expect.stringMatching(new RegExp(`^${utmSource}\\d{4}$`)),
    name,
    emails: [email],
    defaultUtmSource: utmSource,
    emailProspectingKey: null,
    textProspectingKey: null,
  });
  await expect(toast(page, 'Vendor added successfully')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const card = page.getByTestId(`vendor-card-${body.vendorId}`);
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText(utmSource)).toBeVisible();
  // A split says whose share is whose (issue 24 item 1): the first number is the vendor's.
  await expect(card.getByText('50/50: vendor 50 %, client 50 %', { exact: true })).toBeVisible();

  // Vendor Settings: keys read-only until edit mode.
  await card.getByRole('button', { name }).click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('[Email key not set]')).toBeVisible();
  await expect(dialog.getByText('[Text key not set]')).toBeVisible();
  await expect(dialog.getByLabel('Email Prospecting Hub Key')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Edit' }).click();
  const newAddress = dialog.getByRole('textbox', { name: 'New email address' });
  const second = uniqueEmail('acme.second');
  await newAddress.fill(`  ${second}  `);
  await newAddress.press('Enter');
  await expect(newAddress).toHaveValue('');
  await newAddress.fill(second);
  await newAddress.press('Enter');
  await newAddress.fill('   ');
  await newAddress.press('Enter');
  const addresses = dialog.getByRole('list', { name: 'Email addresses' }).getByRole('listitem');
  await expect(addresses).toHaveText([email, second]);
  await dialog.getByRole('button', { name: `Remove ${email}` }).click();
  await expect(addresses).toHaveText([second]);
  await dialog.getByLabel('Email Prospecting Hub Key').fill('EMAIL-KEY-1');
  await dialog.getByLabel('Text Prospecting Hub Key').fill('TEXT-KEY-1');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Vendor emails updated successfully')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(dialog.getByText('EMAIL-KEY-1')).toBeVisible();
  await expect(dialog.getByText('TEXT-KEY-1')).toBeVisible();
  await expect(card.getByText(second)).toBeVisible();

  // The split moves by keyboard and saves at once; its words follow the slider as it moves.
  const slider = dialog.getByRole('slider', { name: 'Revshare Split' });
  await expect(dialog.getByText('50/50: vendor 50 %, client 50 %', { exact: true })).toBeVisible();
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(dialog.getByText('51/49: vendor 51 %, client 49 %', { exact: true })).toBeVisible();
  for (let step = 1; step < 10; step += 1) await slider.press('ArrowRight');
  await slider.press('ArrowLeft');
  await expect(dialog.getByText('59/41: vendor 59 %, client 41 %', { exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuetext', '59/41: vendor 59 %, client 41 %');
  await expect(dialog.getByText('Changes saved')).toBeVisible();
  await expect(card.getByText('59/41: vendor 59 %, client 41 %', { exact: true })).toBeVisible();
  await screenshots(page, 'vendor-settings-split', { fullPage: false });

  // Costs save once, 500 ms after the last keystroke, with all six values.
  let costPosts = 0;
  page.on('request', (call) => {
    if (call.method() === 'POST' && new URL(call.url()).pathname === '/api/vendor-costs') costPosts += 1;
  });
  const costSaved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/vendor-costs' && response.request().method() === 'POST',
  );
  // Typed with the clock stopped: however long the typing takes here, no time passes for the page between keystrokes.
  // (With the clock running, a busy machine's pause between the two fields once let a save go out in between.)
  await page.clock.pauseAt(Date.now() + 2_000);
  await dialog.getByLabel('Cost per Donor').pressSequentially('12.5');
  await dialog.getByLabel('CPD Budget').pressSequentially('5000');
  await page.clock.runFor(499);
  expect(costPosts).toBe(0);
  await page.clock.runFor(1);
  const saved = await costSaved;
  await page.clock.resume();
  expect(saved.request().postDataJSON()).toEqual({
    vendorId: body.vendorId,
    costPerDonor: 12.5,
    cpdBudget: 5000,
    costPerAcquisition: null,
    cpaBudget: null,
    costPerThousand: null,
    cpmBudget: null,
  });
  await expect(dialog.getByText('Changes saved')).toBeVisible();
  expect(costPosts).toBe(1);

  await page.reload();
  await expect(card.getByText('59/41: vendor 59 %, client 41 %', { exact: true })).toBeVisible();
  await card.getByRole('button', { name }).click();
  await expect(dialog.getByRole('slider', { name: 'Revshare Split' })).toHaveValue('59');
  await expect(dialog.getByText('59/41: vendor 59 %, client 41 %', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Cost per Donor')).toHaveValue('12.5');
  await expect(dialog.getByLabel('CPD Budget')).toHaveValue('5000');
  await expect(dialog.getByLabel('Cost per Thousand')).toHaveValue('');

  // Delete Vendor, confirmed in its own dialog.
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Vendor' });
  await expect(confirm).toContainText('permanently deleted for all users');
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm).toContainText('splits, UTM sources, costs and historical data will be removed');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete Vendor' }).click();
  await expect(toast(page, 'Vendor deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
});

test('a cost typed just before closing the modal is still saved', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const vendor = await createVendor(request, admin, 'Flush');
  await signInWithToken(page, admin, '/vendors');
  await page.getByTestId(`vendor-card-${vendor.vendorId}`).getByRole('button', { name: vendor.name }).click();
  const dialog = settingsDialog(page);
  await dialog.getByLabel('CPM Budget').fill('750');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await costsOf(request, admin, vendor.vendorId)) ?? null)
    .toMatchObject({ cpmBudget: 750, costPerThousand: null });

  // Closing discards the edit-mode draft.
  await page.getByTestId(`vendor-card-${vendor.vendorId}`).getByRole('button', { name: vendor.name }).click();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Email Prospecting Hub Key').fill('NEVER-SAVED');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByTestId(`vendor-card-${vendor.vendorId}`).getByRole('button', { name: vendor.name }).click();
  await expect(dialog.getByText('[Email key not set]')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await request.delete(`/api/vendors/${vendor.vendorId}`, { headers: { authorization: `Bearer ${admin}` } });
});

test('a member sees no Add Vendor, Edit or Delete, but changes the UTM source', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const vendor = await createVendor(request, admin, 'Member View');
  const email = uniqueEmail('member');
  await authorize(request, admin, email);
  await signInWithToken(page, await tokenFor(request, email), '/vendors');
  const card = page.getByTestId(`vendor-card-${vendor.vendorId}`);
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Vendor' })).toHaveCount(0);

  await card.getByRole('button', { name: vendor.name }).press('Enter');
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const utm = dialog.getByLabel('UTM Source');
  await expect(utm).toHaveValue(vendor.defaultUtmSource);
  const override = `${vendor.defaultUtmSource}x`;
  const saved = page.waitForRequest(
    (call) => call.method() === 'POST' && new URL(call.url()).pathname === '/api/vendor-utm-sources',
  );
  await utm.fill(override);
  expect((await saved).postDataJSON()).toEqual({ vendorId: vendor.vendorId, utmSource: override });
  await expect(dialog.getByText('Changes saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(card.getByText(override)).toBeVisible();
  await request.delete(`/api/vendors/${vendor.vendorId}`, { headers: { authorization: `Bearer ${admin}` } });
});

test('a vendor term save that meets the server away is retried until it lands, with no error shown', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const vendor = await createVendor(request, admin, 'Retry Utm');
  let refusalsLeft = 2;
  // Two refusals of one request while the rest of the page is served: the shared server's embedded database cannot be
  // made away for one table (a stopped server of its own is outage.spec.ts).
  await page.route('**/api/vendor-utm-sources', (route) =>
    route.request().method() === 'POST' && refusalsLeft-- > 0
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
      : route.fallback(),
  );
  await signInWithToken(page, admin, '/vendors');
  await page.getByTestId(`vendor-card-${vendor.vendorId}`).getByRole('button', { name: vendor.name }).click();
  const dialog = settingsDialog(page);
  const override = `${vendor.defaultUtmSource}r`;
  await dialog.getByLabel('UTM Source').fill(override);
  // Two refusals mean retries after 1 s and 2 s of back-off, after the 500 ms typing delay.
  await expect(dialog.getByText('Changes saved')).toBeVisible({ timeout: 15_000 });
  expect(refusalsLeft).toBeLessThan(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const rows = (await (
    await request.get('/api/vendor-utm-sources', { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { vendorId: string; utmSource: string }[];
  expect(rows.find((row) => row.vendorId === vendor.vendorId)?.utmSource).toBe(override);
  await request.delete(`/api/vendors/${vendor.vendorId}`, { headers: { authorization: `Bearer ${admin}` } });
});

test('a vendor deleted by someone else: the next save shows why and closes the modal', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const first = await createVendor(request, admin, 'Gone Split');
  const second = await createVendor(request, admin, 'Gone Edit');
  await signInWithToken(page, admin, '/vendors');
  const dialog = settingsDialog(page);

  // An autosave (the slider).
  const firstCard = page.getByTestId(`vendor-card-${first.vendorId}`);
  await firstCard.getByRole('button', { name: first.name }).click();
  await expect(dialog).toBeVisible();
  await request.delete(`/api/vendors/${first.vendorId}`, { headers: { authorization: `Bearer ${admin}` } });
  await dialog.getByRole('slider', { name: 'Revshare Split' }).press('ArrowRight');
  await expect(toast(page, GONE)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(firstCard).toHaveCount(0);
  await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast(page, GONE)).toBeHidden();

  // Leaving edit mode (the PUT).
  const secondCard = page.getByTestId(`vendor-card-${second.vendorId}`);
  await secondCard.getByRole('button', { name: second.name }).click();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await request.delete(`/api/vendors/${second.vendorId}`, { headers: { authorization: `Bearer ${admin}` } });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, GONE)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(secondCard).toHaveCount(0);
});

test('a list that fails to load offers Retry', async ({ page, request }) => {
  let failures = 1;
  // One list failing while the others load: the real server cannot be made to refuse one read and serve the rest.
  await page.route('**/api/vendor-splits', (route) =>
    failures-- > 0 ? route.fulfill({ status: 409, json: { message: 'Try again' } }) : route.fallback(),
  );
  await signInWithToken(page, await tokenFor(request, ADMIN_EMAIL), '/vendors');
  await expect(page.getByRole('alert')).toContainText('Could not load vendors.');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Vendors' }).or(page.getByText('No vendors yet'))).toBeVisible();
});
