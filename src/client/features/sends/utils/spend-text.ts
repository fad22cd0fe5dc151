import type { SendDelivery, SendEntry } from '#shared/contracts/sends';
import { owedLabel } from '#shared/payouts/owed-text';
import { termWording } from '#shared/payouts/terms';
import { formatDollars } from '#shared/rules/pricing';

/** Pricing models whose terms carry no dollar figure ahead of results: their terms are shown instead. */
const TERMS_ONLY = new Set(['Revshare', 'CPA']);

/** '$1,500 planned · $996.25 actual' (the figures there are); null when there is none. */
export function spendFiguresText(spend: { planned: number | null; actual: number | null }): string | null {
  const parts = [
    ...(spend.planned !== null ? [`${formatDollars(spend.planned)} planned`] : []),
    ...(spend.actual !== null ? [`${formatDollars(spend.actual)} actual`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * One vendor's expected spend in a few words: its dollar figures; for Revshare and CPA its terms ('Split: 60/40:
 * vendor 60 %, client 40 %'); null without tracking, when it cannot deploy, or before a CPM vendor gives a quantity.
 */
export function deliverySpendText(delivery: SendDelivery): string | null {
  if (!delivery.spend || delivery.tracking?.status === 'cannot-deploy') return null;
  const figures = spendFiguresText(delivery.spend);
  if (figures) return figures;
  if (delivery.terms && TERMS_ONLY.has(delivery.terms.pricingModel))
    return delivery.terms.items.map(termWording).join(', ') || delivery.terms.pricingModel;
  return null;
}

/** What one vendor costs: once the send has results for it, what it is owed; before that, its expected spend. */
export function deliveryCostText(delivery: SendDelivery): string | null {
  return delivery.owed ? owedLabel(delivery.owed) : deliverySpendText(delivery);
}

/** The send's expected spend: its totals, or why there is no dollar figure; null for a send from before tracking. */
export function sendSpendText(entry: SendEntry): string | null {
  if (!entry.spend) return null;
  const figures = spendFiguresText(entry.spend);
  if (figures) return figures;
  if (entry.pricingModel && TERMS_ONLY.has(entry.pricingModel)) return `By each vendor's ${entry.pricingModel} terms`;
  return 'No quantities reported yet';
}
