import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface TestVendor {
  vendorId: string;
  name: string;
  utm: string;
  email: string;
}

/** Two vendors with UTM sources unique to this test, so specs sharing the server never see each other's links. */
export async function createVendors(request: APIRequestContext, adminToken: string, tag: string, costs = false): Promise<TestVendor[]> {
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
      data: { vendorId: vendor.vendorId, name: vendor.name, emails: [vendor.email], defaultUtmSource: vendor.utm, emailProspectingKey: `EK-${vendor.vendorId}`, textProspectingKey: `TK-${vendor.vendorId}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (costs) {
      await request.post('/api/vendor-costs', { headers, data: { vendorId: vendor.vendorId, costPerDonor: 12.5, cpdBudget: 5000 } });
    }
  }
  return vendors;
}

export function linksCsv(vendors: readonly TestVendor[]): string {
  return [
    'name,url',
    ...vendors.map((vendor) => `${vendor.name},"https://donate.example.org/give?UTM_SOURCE=${vendor.utm}&utm_medium=email"`),
    'Stranger,https://donate.example.org/give?utm_source=nobody_we_know',
  ].join('\n');
}

export const CREATIVE_HTML = '<!doctype html><html><body><h1>Spring appeal</h1><script>window.parent.document.title = "pwned"</script></body></html>';
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Drops files onto a drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFiles(page: Page, zone: Locator, files: { name: string; mimeType: string; text?: string; base64?: string }[]) {
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = item.base64 ? Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0)) : new TextEncoder().encode(item.text ?? '');
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
