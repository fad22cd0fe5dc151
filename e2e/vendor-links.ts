import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { outboxMailTo, outboxOf } from './outbox';

/** The vendor's delivered message, read back from the shared server's outbox, and the personal link in it. */
export async function linkFromDeliveredMessage(vendorEmail: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const mail of await outboxMailTo(outboxOf(), vendorEmail)) {
      const link = mail.text?.match(/^Your personal page: (\S+)$/m)?.[1];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message with a vendor link for ${vendorEmail} in the outbox`);
}

/** What a vendor does on its page, done through the vendor API with the link from its delivered message. */
export async function vendorActs(request: APIRequestContext, vendorEmail: string, action: Record<string, unknown>) {
  const token = (await linkFromDeliveredMessage(vendorEmail)).split('#')[1]!;
  const response = await request.post('/api/vendor-page/actions', {
    headers: { authorization: `Bearer ${token}` },
    data: action,
  });
  expect(response.status(), await response.text()).toBe(200);
}
