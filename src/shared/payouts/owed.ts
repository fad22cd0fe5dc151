import { divideRounded, type Cents } from './money';
import type { PayoutTerms } from './terms';

/** What a vendor's send brought in, as the results count it. */
export interface SendFigures {
  netCents: Cents;
  donors: number;
  newDonors: number;
}

export type OwedFlag = 'Terms missing' | 'Quantity not reported';

export interface Owed {
  /** Null when it cannot be known: the flag says why. */
  owedCents: Cents | null;
  flag: OwedFlag | null;
}

const cap = (amount: Cents, budget: Cents | null) => (budget === null ? amount : Math.min(amount, budget));

/**
 * What one vendor is owed for one send, each figure rounded to the cent a half away from zero:
 * Revshare A/B gives the vendor A % of the net; CPD rate × donors; CPA rate × new donors; CPM rate × quantity / 1000
 * (the quantity that counts, see countedQuantity; unknown without one). Each capped by its budget.
 */
export function owedFor(terms: PayoutTerms, figures: SendFigures, countedQuantity: number | null): Owed {
  if ('missing' in terms) return { owedCents: null, flag: 'Terms missing' };
  switch (terms.model) {
    case 'Revshare':
      return { owedCents: divideRounded(BigInt(figures.netCents) * BigInt(terms.vendorPercent), 100), flag: null };
    case 'CPD':
      return { owedCents: cap(terms.rateCents * figures.donors, terms.budgetCents), flag: null };
    case 'CPA':
      return { owedCents: cap(terms.rateCents * figures.newDonors, terms.budgetCents), flag: null };
    case 'CPM':
      if (countedQuantity === null) return { owedCents: null, flag: 'Quantity not reported' };
      return {
        owedCents: cap(divideRounded(BigInt(terms.rateCents) * BigInt(countedQuantity), 1000), terms.budgetCents),
        flag: null,
      };
  }
}
