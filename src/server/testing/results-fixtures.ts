import Papa from 'papaparse';
import type { SendBodyInput } from '#shared/contracts/send';
import { ACTBLUE_COLUMNS } from '#shared/results/columns';
import type { App } from '../app';
import { sendBodyFor, VENDORS } from './send-fixtures';
import { bearer } from './test-app';

export type ActBlueRow = Partial<Record<(typeof ACTBLUE_COLUMNS)[number], string>>;

/** An ActBlue contribution export of these rows (the header is line 1), with the donors' names filled in. */
export function actBlueCsv(rows: readonly ActBlueRow[]): string {
  return Papa.unparse({
    fields: [...ACTBLUE_COLUMNS],
    data: rows.map((row, i) =>
      ACTBLUE_COLUMNS.map(
        (column) =>
          row[column] ??
          {
            'Receipt ID': `AB${1000 + i}`,
            Recipient: 'GOA Victory',
            'Donor First Name': 'Harriet',
            'Donor Last Name': 'Quimby',
            'Donor ZIP': '10001',
            Fee: '1.20',
          }[column as string] ??
          '',
      ),
    ),
  });
}

/** Uploads a results file as the holder of `token`. */
export function importResults(app: App, token: string, csv: string, client = 'goa-victory', mapping?: unknown) {
  const query = new URLSearchParams({ client });
  if (mapping !== undefined) query.set('mapping', JSON.stringify(mapping));
  return app.inject({
    method: 'POST',
    url: `/api/results/imports?${query}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: csv,
  });
}

/** An admin adds `code` to the vendor's result codes (re-attributing the stored rows). */
export function addResultCode(app: App, token: string, vendorId: string, code: string) {
  return app.inject({
    method: 'POST',
    url: `/api/vendors/${vendorId}/result-codes`,
    headers: bearer(token),
    payload: { code },
  });
}

/**
 * A consolidated send to these vendors for goa-victory; `campaigns` adds utm_campaign to a vendor's e-mail link,
 * `overrides` changes the body (another pricing model).
 */
export async function sendTo(
  app: App,
  token: string,
  vendorIds: readonly string[],
  campaigns: Record<string, string> = {},
  overrides: Partial<SendBodyInput> = {},
): Promise<number> {
  const body = sendBodyFor(vendorIds, overrides);
  const byId = new Map(VENDORS.map((vendor) => [vendor.vendorId as string, vendor]));
  const main = Object.fromEntries(
    vendorIds.map((id) => [
      id,
      `https://donate.example/spring?utm_source=${byId.get(id)?.defaultUtmSource ?? id}${
        campaigns[id] ? `&utm_campaign=${campaigns[id]}` : ''
      }`,
    ]),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/send-email-consolidated',
    headers: bearer(token),
    payload: { ...body, allVendorLinks: { ...body.allVendorLinks, main } } as object,
  });
  if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

/** An ActBlue row with what attribution reads: its id, New York date, amount, Reference Code and donor e-mail. */
export function refcodeRow(id: string, date: string, amount: string, code: string, email: string): ActBlueRow {
  return { 'Lineitem ID': id, Date: date, Amount: amount, 'Reference Code': code, 'Donor Email': email };
}
