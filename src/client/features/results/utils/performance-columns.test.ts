import { describe, expect, it } from 'vitest';
import type { VendorPerformance } from '#shared/contracts/performance';
import { sortVendors } from './performance-columns';

const vendor = (name: string, roi: number | null, net: number): VendorPerformance => {
  const sourced = <T>(value: T) => ({ value, sendIds: [] });
  return {
    vendorId: name.toLowerCase(),
    name,
    sends: sourced(1),
    contributions: sourced(1),
    quantityDeployed: sourced(0),
    netCents: sourced(net),
    owedCents: sourced(0),
    unknownOwed: sourced(0),
    roiBasisPoints: sourced(roi),
    costPerDonorCents: sourced(null),
    costPerNewDonorCents: sourced(null),
    onTimeRateBasisPoints: sourced(null),
    points: [],
    months: [],
  };
};

describe('sorting the performance table', () => {
  const vendors = [vendor('Bravo', 500, 10), vendor('Acme', null, 30), vendor('Carta', -200, 20)];
  it('by a figure either way, unknown figures last', () => {
    const names = (key: string, direction: 'ascending' | 'descending') =>
      sortVendors(vendors, { key, direction }).map((v) => v.name);
    expect(names('roi', 'descending')).toEqual(['Bravo', 'Carta', 'Acme']);
    expect(names('roi', 'ascending')).toEqual(['Carta', 'Bravo', 'Acme']);
    expect(names('net', 'descending')).toEqual(['Acme', 'Carta', 'Bravo']);
    expect(names('name', 'ascending')).toEqual(['Acme', 'Bravo', 'Carta']);
  });
});
