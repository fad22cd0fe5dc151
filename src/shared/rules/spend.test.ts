import { describe, expect, it } from 'vitest';
import { expectedSpend, totalSpend } from './spend';

describe('expectedSpend', () => {
  it('CPM: quantity x CPM / 1000, capped by the budget', () => {
    expect(expectedSpend('CPM', { costPerThousand: 25, cpmBudget: 5000 }, { planned: 40000, deployed: 39850 })).toEqual(
      { planned: 1000, actual: 996.25 },
    );
    expect(expectedSpend('CPM', { costPerThousand: 25, cpmBudget: 800 }, { planned: 40000, deployed: null })).toEqual({
      planned: 800,
      actual: null,
    });
    expect(expectedSpend('CPM', { costPerThousand: 12.345, cpmBudget: null }, { planned: 1000, deployed: 3 })).toEqual({
      planned: 12.35,
      actual: 0.04,
    });
    expect(expectedSpend('CPM', { costPerThousand: null }, { planned: 1000, deployed: 1000 })).toEqual({
      planned: null,
      actual: null,
    });
  });

  it('CPD: the flat budget, spent once deployed', () => {
    expect(expectedSpend('CPD', { costPerDonor: 12.5, cpdBudget: 5000 }, { planned: 100, deployed: null })).toEqual({
      planned: 5000,
      actual: null,
    });
    expect(expectedSpend('CPD', { costPerDonor: 12.5, cpdBudget: 5000 }, { planned: null, deployed: 10 })).toEqual({
      planned: 5000,
      actual: 5000,
    });
  });

  it('Revshare and CPA: no dollar figure', () => {
    expect(expectedSpend('Revshare', null, { planned: 100, deployed: 100 })).toEqual({ planned: null, actual: null });
    expect(expectedSpend('CPA', { costPerAcquisition: 30, cpaBudget: 900 }, { planned: 100, deployed: 100 })).toEqual({
      planned: null,
      actual: null,
    });
  });
});

describe('totalSpend', () => {
  const of = (status: string, planned: number | null, actual: number | null) => ({
    status,
    spend: { planned, actual },
  });

  it('adds the planned, the actual and the expected figures (actual where known, else planned), to the cent', () => {
    expect(totalSpend([of('deployed', 1500, 996.25), of('scheduled', 1000.1, null), of('sent', null, null)])).toEqual({
      planned: 2500.1,
      actual: 996.25,
      expected: 1996.35,
    });
  });

  it('leaves out a delivery that cannot deploy, and says null where no delivery has a figure', () => {
    expect(totalSpend([of('cannot-deploy', 5000, null), of('scheduled', 800, null)])).toEqual({
      planned: 800,
      actual: null,
      expected: 800,
    });
    expect(totalSpend([of('deployed', null, null)])).toEqual({ planned: null, actual: null, expected: null });
    expect(totalSpend([])).toEqual({ planned: null, actual: null, expected: null });
  });
});
