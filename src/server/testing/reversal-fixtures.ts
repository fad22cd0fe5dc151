import { expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import type { App } from '#server/app';

/** What the reversal tests share: WinRed's export as the issue met it, and the figures they read back. */

export const DAY = 86_400_000;
export const SLOW = { timeout: 240_000 };

/** WinRed's payout export as the issue met it: duplicate 'agency' columns at the far right. */
export const WINRED_HEADER = 'id,Date,Gross Amount,Email,Source Code,agency,agency';
export const WINRED_MAPPING = {
  id: 'id',
  date: 'Date',
  amount: 'Gross Amount',
  email: 'Email',
  codes: ['Source Code'],
};
export const winRed = (...rows: string[]) => [WINRED_HEADER, ...rows].join('\n');

export async function summaryOf(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/results/summary?client=goa-victory&from=2026-03-01&to=2026-04-30',
    headers: bearer(token),
  });
  return response.json().totals;
}

export async function reversalsOf(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/results/reversals?client=goa-victory',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
