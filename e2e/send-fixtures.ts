import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CREATIVE_HTML as SERVER_CREATIVE_HTML, PNG_BASE64 } from '#server/testing/creatives';
import { ADMIN_EMAIL, expect, tokenFor } from './fixtures';

export interface TestVendor {
  vendorId: string;
  name: string;
  utm: string;
  email: string;
}

/** Two vendors with UTM sources unique to this test, so specs sharing the server never see each other's links. */
export async function createVendors(
  request: APIRequestContext,
  adminToken: string,
  tag: string,
  costs = false,
): Promise<TestVendor[]> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const vendors = ['Acme', 'Beta'].map((base) => ({
    vendorId: `${base.toLowerCase()}${tag}`,
    name: `${base} ${tag}`,
    utm: `${base.toLowerCase()}_${tag}`,
    email: `${base.toLowerCase()}.${tag}@lists.test`,
  }));
  for (const vendor of vendors) {
    const response = await request.post('/api/vendors', {
      headers,
      data: {
        vendorId: vendor.vendorId,
        name: vendor.name,
        emails: [vendor.email],
        defaultUtmSource: vendor.utm,
        emailProspectingKey: `EK-${vendor.vendorId}`,
        textProspectingKey: `TK-${vendor.vendorId}`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (costs) {
      await request.post('/api/vendor-costs', {
        headers,
        data: { vendorId: vendor.vendorId, costPerDonor: 12.5, cpdBudget: 5000 },
      });
    }
  }
  return vendors;
}

export function linksCsv(vendors: readonly TestVendor[]): string {
  return [
    'name,url',
    ...vendors.map(
      (vendor) => `${vendor.name},"https://donate.example.org/give?UTM_SOURCE=${vendor.utm}&utm_medium=email"`,
    ),
    'Stranger,https://donate.example.org/give?utm_source=nobody_we_know',
  ].join('\n');
}

/** The API tests' creative with a script that reaches for the page around its preview (the preview must not run it). */
export const CREATIVE_HTML = SERVER_CREATIVE_HTML.replace(
  '</body>',
  '<script>window.parent.document.title = "pwned"</script></body>',
);
/** The API tests' 1x1 PNG. */
export const PNG_1X1 = Buffer.from(PNG_BASE64, 'base64');

/** Drops files onto a drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFiles(
  page: Page,
  zone: Locator,
  files: { name: string; mimeType: string; text?: string; base64?: string }[],
) {
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = item.base64
        ? Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(item.text ?? '');
      transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return transfer;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** The preview's body as text. */
export async function previewText(page: Page): Promise<string> {
  return page.frameLocator('iframe[title="Email body preview"]').locator('body').innerText();
}

/**
 * Counts, per content card, how often React draws it, through the hook React DevTools uses (React calls it on every
 * commit, production builds included): a card drawn in a commit is one whose component performed work, reached
 * through the fibers that commit worked on. Install before the page loads; read with cardRenders().
 */
export async function watchCardRenders(page: Page) {
  await page.addInitScript(() => {
    interface Fiber {
      tag: number;
      type: unknown;
      flags: number;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
      memoizedProps: Record<string, unknown> | null;
    }
    const PERFORMED_WORK = 1;
    const COMPONENT_TAGS = new Set([0, 11, 14, 15]);
    const HOST_COMPONENT = 5;
    const counts: Record<string, number> = {};
    const visit = (fiber: Fiber) => {
      for (let child = fiber.child; child; child = child.sibling) {
        const rendered = child.alternate === null || (child.flags & PERFORMED_WORK) !== 0;
        const host = child.child;
        const label =
          host?.tag === HOST_COMPONENT && host.type === 'section' ? host.memoizedProps?.['aria-label'] : undefined;
        if (rendered && COMPONENT_TAGS.has(child.tag) && typeof label === 'string' && label.startsWith('Prospecting '))
          counts[label] = (counts[label] ?? 0) + 1;
        // A fiber whose children are the very fibers of the last commit was passed over with all below it.
        if (child.alternate === null || child.child !== child.alternate.child) visit(child);
      }
    };
    Object.assign(window, {
      cardRenders: counts,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        inject: () => 1,
        onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => visit(root.current),
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
}

/** The draws per card since the last call (see watchCardRenders), by the card's region name. */
export async function cardRenders(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const counts = (window as unknown as { cardRenders: Record<string, number> }).cardRenders;
    const copy = { ...counts };
    for (const key of Object.keys(counts)) delete counts[key];
    return copy;
  });
}

/** On the send page: Heritage Action chosen, an email card added with a creative and the vendors' links CSV dropped on it. */
export async function heritageEmailCard(page: Page, tag: string, vendors: readonly TestVendor[]) {
  await page.getByRole('radio', { name: 'Heritage Action' }).click();
  await page.getByRole('button', { name: /^Email/ }).click();
  await dropFiles(page, page.getByRole('button', { name: 'Add HTML and CSV files to Email 1' }), [
    { name: `creative-${tag}.html`, mimeType: 'text/html', text: `<p>Creative ${tag}</p>` },
    { name: 'links.csv', mimeType: 'text/csv', text: linksCsv(vendors) },
  ]);
}

/** A send's counts, as POST /api/send-email-consolidated answers them. */
export interface SendCounts {
  id: number;
  mailed: number;
  pending: number;
  failed: number;
  uncertain: number;
}

/**
 * A send through the API by `token`: one Heritage Action email card, its subject `${subject} ${tag}`, to `vendors`; its
 * links CSV has a link for each of `linkVendors` (the vendors by default), so vendors can be added to it later.
 */
export async function sendThroughApi(
  request: APIRequestContext,
  token: string,
  vendors: readonly TestVendor[],
  {
    tag,
    subject,
    pricingModel = 'Revshare',
    linkVendors = vendors,
  }: { tag: string; subject: string; pricingModel?: 'Revshare' | 'CPD' | 'CPM'; linkVendors?: readonly TestVendor[] },
): Promise<SendCounts> {
  const sent = await request.post('/api/send-email-consolidated', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      selectedVendors: vendors.map((vendor) => vendor.vendorId),
      selectedClient: 'heritage-action',
      pricingModel,
      emailCards: [
        {
          id: 'main',
          htmlContent: `<p>Creative ${tag}</p>`,
          filename: `creative-${tag}.html`,
          subject: `${subject} ${tag}`,
          senderName: 'Heritage',
          endDate: '2031-06-30',
          csvContent: linksCsv(linkVendors),
          csvFileName: 'links.csv',
        },
      ],
      textCards: [],
      imageAttachments: [],
      allVendorLinks: {
        main: Object.fromEntries(
          vendors.map((vendor) => [vendor.vendorId, `https://donate.example.org/give?utm_source=${vendor.utm}`]),
        ),
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()) as SendCounts;
}

/** A delivery as the log entry (GET /api/email-logs/:id) shows it. */
export interface LoggedDelivery {
  vendorId: string;
  vendorName: string;
  status: 'pending' | 'sent' | 'failed' | 'uncertain';
  error: string | null;
}

/**
 * The send's log entry once the queue holds nothing more that could mail any of its messages: every delivery sent,
 * failed or uncertain, none pending (waiting for an attempt, or claimed by the worker: the API shows both as pending).
 * Only then does a count of what the mail server received say how often each message went out.
 */
export async function settledDeliveries(
  request: APIRequestContext,
  token: string,
  sendId: number,
): Promise<LoggedDelivery[]> {
  let deliveries: LoggedDelivery[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/email-logs/${sendId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status(), await response.text()).toBe(200);
        deliveries = ((await response.json()) as { deliveries: LoggedDelivery[] }).deliveries;
        return deliveries.filter((delivery) => delivery.status === 'pending').map((delivery) => delivery.vendorName);
      },
      { message: `send ${sendId}: no delivery left pending`, timeout: 30_000 },
    )
    .toEqual([]);
  return deliveries;
}

/**
 * A CPD send ($12.50 per donor, a $5,000 budget each) by the admin to two new vendors, through the API, its subject
 * `${subject} ${tag}`: its id, the vendors and the admin's token.
 */
export async function cpdSend(request: APIRequestContext, subject: string) {
  const admin = await tokenFor(request, ADMIN_EMAIL);
  const tag = Date.now().toString(36);
  const [acme, beta] = await createVendors(request, admin, tag, true);
  const sent = await sendThroughApi(request, admin, [acme!, beta!], { tag, subject, pricingModel: 'CPD' });
  return { admin, tag, sendId: sent.id, acme: acme!, beta: beta! };
}
