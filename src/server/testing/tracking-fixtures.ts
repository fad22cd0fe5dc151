import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { App } from '../app';
import { test } from './fixtures';
import { FAST_DELIVERY, seedVendors, sendBodyFor, vendorPageLinkIn } from './send-fixtures';
import type { SmtpSink } from './smtp-sink';
import { bearer } from './test-app';

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));

/** The messages the SMTP sink received for `address`, parsed. */
export async function mailTo(smtp: SmtpSink, address: string): Promise<ParsedMail[]> {
  const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
  return parsed.filter((mail) => addresses(mail.to).includes(address));
}

/** The token of a vendor page link: what follows '#'. */
export const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

/** Calls the vendor page API with a link's token. */
export function vendorCall(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(token === null ? {} : bearer(token)), 'user-agent': 'VendorBrowser/1.0', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * An app mailing through the SMTP sink with the vendors set up, and `sent`: one send to every test vendor, with the
 * personal link each received (vendorId -> link) and the send's id.
 */
export const trackingTest = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('sent', async ({ app, admin, smtp }) => {
    await seedVendors(app, admin);
    const body = sendBodyFor();
    const response = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(admin),
      payload: body as object,
    });
    if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
    const links: Record<string, string | null> = {};
    for (const vendorId of body.selectedVendors) {
      const [mail] = await mailTo(
        smtp,
        vendorId === 'acme1234' ? 'ops@acme.test' : vendorId === 'bravo5678' ? 'team@bravo.test' : 'hello@carta.test',
      );
      links[vendorId] = vendorPageLinkIn(mail?.text);
    }
    return { sendId: response.json().id as number, links, body };
  });
