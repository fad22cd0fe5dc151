import { describe, expect, it } from 'vitest';
import type { MonthOverviewRow } from '#shared/contracts/statements';
import { sortOverview } from './overview-sort';

const row = (vendorName: string, totalCents: number, status: MonthOverviewRow['status']): MonthOverviewRow => ({
  vendorId: vendorName.toLowerCase(),
  vendorName,
  status,
  lines: 1,
  adjustments: 0,
  owedCents: totalCents,
  carriedCents: 0,
  totalCents,
  unknownLines: 0,
  carriedTo: null,
  paidOn: null,
  reference: null,
});

describe("the month's overview sorted", () => {
  const rows = [row('Bravo', 500, 'paid'), row('acme', -200, 'open'), row('Carta', 500, 'finalized')];
  it('by any column, either way, the name breaking ties', () => {
    expect(sortOverview(rows, { key: 'vendor', direction: 'ascending' }).map((each) => each.vendorName)).toEqual([
      'acme',
      'Bravo',
      'Carta',
    ]);
    expect(sortOverview(rows, { key: 'total', direction: 'descending' }).map((each) => each.vendorName)).toEqual([
      'Bravo',
      'Carta',
      'acme',
    ]);
    expect(sortOverview(rows, { key: 'status', direction: 'ascending' }).map((each) => each.status)).toEqual([
      'open',
      'finalized',
      'paid',
    ]);
  });
});
