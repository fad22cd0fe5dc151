import type { APIRequestContext } from '@playwright/test';
import Papa from 'papaparse';
import { ACTBLUE_COLUMNS } from '#shared/results/columns';
import { expect } from './fixtures';
import type { TestVendor } from './send-fixtures';

/** Gifts to the vendors' codes, dated after the send was mailed (whole seconds), imported as an ActBlue file. */
export async function importGifts(
  request: APIRequestContext,
  token: string,
  tag: string,
  gifts: [TestVendor, string][],
) {
  const at = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const csv = Papa.unparse({
    fields: [...ACTBLUE_COLUMNS],
    data: gifts.map(([vendor, amount], index) =>
      ACTBLUE_COLUMNS.map(
        (column) =>
          ({
            'Receipt ID': `R${index}-${tag}`,
            'Lineitem ID': `L${index}-${tag}`,
            Date: at,
            Amount: amount,
            'Reference Code': vendor.utm,
            'Donor Email': `donor${index}.${tag}@donors.test`,
          })[column as string] ?? '',
      ),
    ),
  });
  const imported = await request.post('/api/results/imports?client=heritage-action', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    data: csv,
  });
  expect(imported.status(), await imported.text()).toBe(201);
}
