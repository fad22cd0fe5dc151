import type { PricingModel } from '../contracts/vendors';
import type { CostValues } from './pricing';

export interface ExpectedSpend {
  /** Dollars, to the cent; null when the terms give no dollar figure (Revshare, CPA) or the quantity is not known. */
  planned: number | null;
  actual: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100;
const capped = (amount: number, budget: number | null | undefined) =>
  cents(budget == null ? amount : Math.min(amount, budget));

/**
 * What a vendor's deployment is expected to cost from the terms it was sent (issue 14 item 4): CPM, quantity x CPM /
 * 1000 capped by the budget, from the planned and the deployed quantity; CPD, its flat budget; Revshare and CPA have no
 * dollar figure ahead of results (their terms are shown instead).
 */
export function expectedSpend(
  pricingModel: PricingModel,
  costs: Partial<Record<keyof CostValues, number | null>> | null,
  quantities: { planned: number | null; deployed: number | null },
): ExpectedSpend {
  if (pricingModel === 'CPM') {
    const cpm = costs?.costPerThousand;
    if (cpm == null) return { planned: null, actual: null };
    const of = (quantity: number | null) =>
      quantity === null ? null : capped((quantity * cpm) / 1000, costs?.cpmBudget);
    return { planned: of(quantities.planned), actual: of(quantities.deployed) };
  }
  if (pricingModel === 'CPD') {
    const flat = costs?.cpdBudget ?? null;
    return { planned: flat, actual: quantities.deployed === null ? null : flat };
  }
  return { planned: null, actual: null };
}

/** The expected spend of several deliveries (a send, or what the board lists), in dollars. */
export interface SpendTotal extends ExpectedSpend {
  /** Each delivery's actual figure where it has one, else its planned figure: what the deliveries are expected to cost. */
  expected: number | null;
}

/**
 * Adds up the deliveries' figures, leaving out those that cannot deploy; each sum is null when no delivery has a
 * figure for it (a Revshare or CPA send, or no quantity reported yet).
 */
export function totalSpend(deliveries: readonly { status: string; spend: ExpectedSpend }[]): SpendTotal {
  const counted = deliveries
    .filter((delivery) => delivery.status !== 'cannot-deploy')
    .map((delivery) => delivery.spend);
  const sum = (figures: (number | null)[]) => {
    const known = figures.filter((figure): figure is number => figure !== null);
    return known.length === 0 ? null : cents(known.reduce((total, figure) => total + figure, 0));
  };
  return {
    planned: sum(counted.map((spend) => spend.planned)),
    actual: sum(counted.map((spend) => spend.actual)),
    expected: sum(counted.map((spend) => spend.actual ?? spend.planned)),
  };
}
