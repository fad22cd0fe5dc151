import type { PricingModel } from '../contracts/vendors';
import type { CostValues } from './pricing';

export interface ExpectedSpend {
  /** Dollars, to the cent; null when the terms give no dollar figure (Revshare, CPA) or the quantity is not known. */
  planned: number | null;
  actual: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100;
const capped = (amount: number, budget: number | null | undefined) => cents(budget == null ? amount : Math.min(amount, budget));

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
    const of = (quantity: number | null) => (quantity === null ? null : capped((quantity * cpm) / 1000, costs?.cpmBudget));
    return { planned: of(quantities.planned), actual: of(quantities.deployed) };
  }
  if (pricingModel === 'CPD') {
    const flat = costs?.cpdBudget ?? null;
    return { planned: flat, actual: quantities.deployed === null ? null : flat };
  }
  return { planned: null, actual: null };
}
