import type { DeliveryTerms } from '../contracts/sends';
import { SPLIT_PATTERN } from '../contracts/vendor-terms';
import { centsOfDollarText, type Cents } from './money';

/** What a delivery's terms pay, read from the terms its message carried (never today's terms). */
export type PayoutTerms =
  | { model: 'Revshare'; vendorPercent: number; clientPercent: number }
  | { model: 'CPD' | 'CPA' | 'CPM'; rateCents: Cents; budgetCents: Cents | null }
  | { model: string; missing: string[] };

const RATE_LABELS = { CPD: 'Cost per donor', CPA: 'Cost per acquisition', CPM: 'Cost per thousand' } as const;
const BUDGET_LABELS = { CPD: 'CPD budget', CPA: 'CPA budget', CPM: 'CPM budget' } as const;

/** The label of a Revshare split among a message's terms ('Split: 60/40'), and of a split missing from them. */
export const SPLIT_LABEL = 'Split';

/**
 * The split's wording wherever it is shown or edited ('60/40: vendor 60 %, client 40 %'): the first number is always
 * the vendor's. Anything that is not a split 'A/B' (a split already worded, '[Not set]') is given back as it is.
 */
export function splitWording(split: string): string {
  const match = SPLIT_PATTERN.exec(split.trim());
  if (!match) return split;
  return `${match[1]}/${match[2]}: vendor ${match[1]} %, client ${match[2]} %`;
}

/** One term's value as every screen and the message show it: a split in words, any other value as it is. */
export function termValueWording(item: { label: string; value: string }): string {
  return item.label === SPLIT_LABEL ? splitWording(item.value) : item.value;
}

/** One term on one line: 'Split: 60/40: vendor 60 %, client 40 %', 'Cost per donor: $12.50'. */
export function termWording(item: { label: string; value: string }): string {
  return `${item.label}: ${termValueWording(item)}`;
}

/**
 * A delivery's pay terms. The rate is required ('Terms missing' without it); a budget left unset caps nothing.
 * Terms kept before pricing was recorded (null) are missing too.
 */
export function payoutTermsOf(terms: DeliveryTerms | null): PayoutTerms {
  if (!terms) return { model: 'unknown', missing: ['Terms'] };
  const value = (label: string) => terms.items.find((item) => item.label === label)?.value;
  const model = terms.pricingModel;
  if (model === 'Revshare') {
    const match = SPLIT_PATTERN.exec(value(SPLIT_LABEL)?.trim() ?? '');
    const vendorPercent = Number(match?.[1]);
    const clientPercent = Number(match?.[2]);
    if (!match || vendorPercent + clientPercent !== 100) return { model, missing: [SPLIT_LABEL] };
    return { model, vendorPercent, clientPercent };
  }
  if (model === 'CPD' || model === 'CPA' || model === 'CPM') {
    const rateCents = centsOfDollarText(value(RATE_LABELS[model]) ?? '');
    if (rateCents === null || rateCents < 0) return { model, missing: [RATE_LABELS[model]] };
    const budgetCents = centsOfDollarText(value(BUDGET_LABELS[model]) ?? '');
    return { model, rateCents, budgetCents: budgetCents !== null && budgetCents >= 0 ? budgetCents : null };
  }
  return { model, missing: ['Pricing model'] };
}

/**
 * A delivery's terms in words for a statement line: the split as splitWording says it, or the rate and budget as the
 * message listed them, or what is missing.
 */
export function termsWording(terms: DeliveryTerms | null): string {
  const payout = payoutTermsOf(terms);
  if ('missing' in payout) return `Terms missing: ${payout.missing.join(', ')}`;
  const items = terms?.items ?? [];
  if (payout.model === 'Revshare') return splitWording(items.find((item) => item.label === SPLIT_LABEL)?.value ?? '');
  return items.map(termWording).join(', ');
}
