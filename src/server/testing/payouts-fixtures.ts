import type { PricingModel } from '#shared/contracts/vendor-terms';
import type { Statement } from '#shared/contracts/statements';
import type { App } from '../app';
import { sendTo, type ActBlueRow } from './results-fixtures';
import { vendorPageLinkIn } from './send-fixtures';
import type { SmtpSink } from './smtp-sink';
import { bearer } from './test-app';
import { mailTo, tokenOf, vendorCall } from './tracking-fixtures';

/** One ActBlue row: a gift with a refcode, refunded on 2026-03-14 when `refunded`. */
export const gift = (
  id: string,
  date: string,
  amount: string,
  code: string,
  email: string,
  refunded = false,
): ActBlueRow => ({
  'Lineitem ID': id,
  Date: date,
  Amount: amount,
  'Reference Code': code,
  'Donor Email': email,
  ...(refunded ? { 'Refund Date': '2026-03-14 10:00:00' } : {}),
});

/** A vendor's costs and budgets in dollars, as Vendor Settings saves them. */
export async function saveCosts(app: App, token: string, vendorId: string, costs: Record<string, number>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/vendor-costs',
    headers: bearer(token),
    payload: { vendorId, ...costs },
  });
  if (response.statusCode >= 300) throw new Error(`costs ${vendorId}: ${response.statusCode} ${response.body}`);
}

/** A vendor whose name would run as a spreadsheet formula: the CSVs must keep it text. */
export async function createFormulaVendor(app: App, token: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/vendors',
    headers: bearer(token),
    payload: {
      vendorId: 'evil0001',
      name: '=HYPERLINK("http://evil.example")',
      emails: ['ops@evil.test'],
      defaultUtmSource: 'evil',
    },
  });
  if (created.statusCode !== 201) throw new Error(`vendor: ${created.statusCode} ${created.body}`);
}

/** A send to these vendors for goa-victory under a pricing model; its id. */
export const sendUnder = (app: App, token: string, model: PricingModel, vendorIds: readonly string[]) =>
  sendTo(app, token, vendorIds, {}, { pricingModel: model });

/** An admin sets (or with null removes) a vendor's quantity limit; the answer. */
export function setQuantityLimit(app: App, token: string, vendorId: string, quantityLimit: number | null) {
  return app.inject({
    method: 'PUT',
    url: `/api/vendor-quantity-limits/${vendorId}`,
    headers: bearer(token),
    payload: { quantityLimit },
  });
}

/** GET /api/statements as the holder of `token`. */
export async function readStatement(app: App, token: string, vendorId: string, month: string): Promise<Statement> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/statements?${new URLSearchParams({ vendorId, month })}`,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`statement: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function statementAction(
  app: App,
  token: string,
  vendorId: string,
  month: string,
  action: 'finalize' | 'paid' | 'send',
  payload?: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/statements/${vendorId}/${month}/${action}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A vendor action through the page link of the latest message to `address` (the SMTP sink's), as the vendor acts. */
export async function actAsVendor(app: App, smtp: SmtpSink, address: string, action: unknown) {
  const link = vendorPageLinkIn((await mailTo(smtp, address)).at(-1)?.text);
  if (!link) throw new Error(`no vendor page link in the latest message to ${address}`);
  return vendorCall(app, tokenOf(link), 'POST', '/api/vendor-page/actions', action);
}
