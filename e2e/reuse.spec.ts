import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
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
import { outboxTexts } from './outbox';
import { PNG_1X1, createVendors, linksCsv, previewText, type TestVendor } from './send-fixtures';

/** Each test signs in as its own new user, so drafts and session start empty. */
async function freshUser(request: APIRequestContext) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const email = uniqueEmail('reuser');
  await authorize(request, admin, email);
  return { admin, token: await tokenFor(request, email), email };
}

type Entry = {
  id: number;
  vendors: string[];
  cardDetails: { emailCards: { htmlFileKey: string; csvFileKey: string }[]; textCards: { imageFileKey: string }[] };
  deliveries: { vendorId: string; status: string }[];
};

/** A send made through the API to the given vendors, with an HTML creative, a CSV of links and a text card with an image. */
async function pastSend(
  request: APIRequestContext,
  token: string,
  tag: string,
  vendors: TestVendor[],
  all: TestVendor[],
) {
  const html = `<!doctype html><html><body><h1>Creative ${tag}</h1><p>Caf\u00e9 \u2014 give today.</p></body></html>`;
  const csv = linksCsv(all);
  const response = await request.post('/api/send-email-consolidated', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      selectedVendors: vendors.map((vendor) => vendor.vendorId),
      selectedClient: 'heritage-action',
      pricingModel: 'Revshare',
      emailCards: [
        {
          id: 'main',
          htmlContent: html,
          filename: `creative-${tag}.html`,
          subject: `Reuse ${tag}`,
          senderName: 'Heritage',
          endDate: '2031-06-30',
          csvContent: csv,
          csvFileName: `links-${tag}.csv`,
        },
      ],
      textCards: [
        {
          id: 'text-1',
          content: `Reply YES ${tag}`,
          senderName: 'Heritage Texts',
          endDate: '2031-06-30',
          csvContent: csv,
          csvFileName: `links-${tag}.csv`,
          fileContent: PNG_1X1.toString('base64'),
          fileName: `phone-${tag}.png`,
        },
      ],
      imageAttachments: [
        { filename: `phone-${tag}.png`, content: PNG_1X1.toString('base64'), contentType: 'image/png' },
      ],
      allVendorLinks: Object.fromEntries(
        ['main', 'text-1'].map((cardId) => [
          cardId,
          Object.fromEntries(
            vendors.map((vendor) => [
              vendor.vendorId,
              `https://donate.example.org/give?UTM_SOURCE=${vendor.utm}&utm_medium=email`,
            ]),
          ),
        ]),
      ),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { id: (await response.json()).id as number, html, csv };
}

async function entries(request: APIRequestContext, token: string): Promise<Entry[]> {
  return (await request.get('/api/email-logs', { headers: { authorization: `Bearer ${token}` } })).json();
}

async function storedFile(request: APIRequestContext, token: string, key: string, type: string): Promise<Buffer> {
  const response = await request.get(`/api/files/${key}?type=${type}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return response.body();
}

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });

test('Use as new send: a draft in progress is replaced only after confirming, the files come back byte for byte, and it sends', async ({
  page,
  request,
}) => {
  const { token } = await freshUser(request);
  const tag = Date.now().toString(36);
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const [acme, beta] = await createVendors(request, admin, tag);
  const original = await pastSend(request, token, tag, [acme!], [acme!, beta!]);
  // Another send already started on the send page.
  await request.patch('/api/prospecting-session', {
    headers: { authorization: `Bearer ${token}` },
    data: { selectedClient: 'goa-victory' },
  });

  await signInWithToken(page, token, '/deployment-log');
  const entry = page.locator('article').filter({ hasText: `Reuse ${tag}` });
  await entry.getByRole('button', { name: 'Use as new send' }).click();
  const confirm = page.getByRole('dialog', { name: 'Replace the send in progress?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Replace it' }).click();

  // The send page, with the send's client, vendors and cards.
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Loaded as a new send')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Heritage Action' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('checkbox', { name: new RegExp(acme!.name) })).toBeChecked();
  await expect(page.getByLabel('Subject line')).toHaveValue(`Reuse ${tag}`);
  await expect(page.getByText(`creative-${tag}.html`).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image for Text 1' })).toBeVisible();
  await keepScreenshot(page, 'send-page-from-past-send.png', { fullPage: true });

  // Edited like any draft: one more vendor, whose link the restored CSV holds.
  await page.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
  await expect(page.getByText('Every vendor has a link for every card')).toBeVisible();
  expect(await previewText(page)).toContain(acme!.utm);
  await page.getByRole('button', { name: 'Send to 2 Vendor(s)' }).click();
  await expect(toast(page, 'Email sent successfully!')).toBeVisible();

  const [sent] = (await entries(request, token)).filter(
    (candidate) => candidate.id !== original.id && candidate.vendors.includes(acme!.name),
  );
  expect(sent!.vendors).toEqual([acme!.name, beta!.name]);
  const email = sent!.cardDetails.emailCards[0]!;
  expect((await storedFile(request, token, email.htmlFileKey, 'html')).equals(Buffer.from(original.html, 'utf8'))).toBe(
    true,
  );
  expect((await storedFile(request, token, email.csvFileKey, 'csv')).equals(Buffer.from(original.csv, 'utf8'))).toBe(
    true,
  );
  expect(
    (await storedFile(request, token, sent!.cardDetails.textCards[0]!.imageFileKey, 'image')).equals(PNG_1X1),
  ).toBe(true);
});

test('Add vendors: the new vendor is previewed, mailed through the queue, listed on the entry with its terms, and compared', async ({
  page,
  request,
}) => {
  const { token, email } = await freshUser(request);
  const tag = Date.now().toString(36);
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const [acme, beta] = await createVendors(request, admin, tag);
  const original = await pastSend(request, token, tag, [acme!], [acme!, beta!]);

  await signInWithToken(page, token, '/deployment-log');
  const entry = page.locator('article').filter({ hasText: `Reuse ${tag}` });
  await entry.getByRole('button', { name: 'Add vendors' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vendors' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(acme!.name) })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: new RegExp(beta!.name) }).check();
  await expect(dialog.getByTestId('preview-to')).toHaveText(beta!.email);
  await expect.poll(() => previewText(page)).toContain(`UTM_SOURCE=${beta!.utm}`);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'add-vendors-dialog.png', { fullPage: true });

  await dialog.getByRole('button', { name: 'Add 1 vendor' }).click();
  await expect(toast(page, 'Vendors added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = entry.getByRole('list', { name: 'Added vendors' }).getByRole('listitem');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(beta!.name);
  await expect(added).toContainText('Mailed');

  // The message in the outbox: to the new vendor, its own link and key, the stored creative attached.
  const raw = outboxTexts().find(
    (message) => message.includes(`To: ${beta!.email}`) && message.includes(`Reuse ${tag}`),
  );
  expect(raw).toBeDefined();
  const message = await simpleParser(raw!);
  expect(message.text).toContain(`UTM_SOURCE=${beta!.utm}`);
  expect(message.text).toContain(`EK-${beta!.vendorId}`);
  expect(message.text).not.toContain(acme!.utm);
  expect(message.attachments.map((attachment) => attachment.filename)).toEqual([
    `creative-${tag}.html`,
    `phone-${tag}.png`,
  ]);
  expect(message.replyTo?.value.map((address) => address.address)).toContain(email);

  // The details: terms each vendor was sent, who added the vendor, and the two messages compared.
  await entry.getByRole('heading').getByRole('button').click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const recipients = details.getByRole('region', { name: 'Recipients' });
  await expect(recipients.getByText('Vendors (2)')).toBeVisible();
  await expect(recipients).toContainText(`Terms sent: Revshare · Split: 50/50: vendor 50 %, client 50 %`);
  await expect(recipients).toContainText(`Email key: EK-${beta!.vendorId}`);
  await expect(recipients).toContainText(`by ${email}`);
  const compare = details.getByRole('region', { name: 'Compare Messages' });
  await expect(compare.getByRole('table')).toContainText(`UTM_SOURCE=${beta!.utm}`);
  await expect(compare.getByRole('row', { name: /Email 1 Email Prospecting Hub Key/ })).toContainText(
    `EK-${acme!.vendorId}`,
  );
  await expect(compare).toContainText('differ');
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'deployment-details.png');
  await keepScreenshot(compare, 'compare-messages.png');
  await details.getByRole('button', { name: 'Close' }).click();
  await keepScreenshot(entry, 'log-entry-with-added-vendor.png');

  const logged = (await entries(request, token)).find((candidate) => candidate.id === original.id)!;
  expect(logged.deliveries.map((delivery) => delivery.vendorId)).toEqual([acme!.vendorId, beta!.vendorId]);
});
