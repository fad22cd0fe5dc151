import type { TrackingBoard } from '#shared/contracts/tracking';
import { formatQuantity } from '#shared/rules/tracking';

type Omitted = TrackingBoard['omitted'];

const counted = (count: number, noun: string) => `${formatQuantity(count)} ${noun}${count === 1 ? '' : 's'}`;

/** The words before the board's total: it adds up the cards listed, which are not all of them when some were left out. */
export function spendTotalLabel(omitted: Omitted): string {
  return omitted.open + omitted.closed > 0
    ? 'Expected spend of the deployments shown:'
    : 'Expected spend of these deployments:';
}

/** What the board left out (finished deliveries past the most recent, open ones past the limit), or null when nothing. */
export function leftOutText(omitted: Omitted): string | null {
  const parts = [
    omitted.open > 0 ? counted(omitted.open, 'open deployment') : null,
    omitted.closed > 0 ? `${counted(omitted.closed, 'older finished deployment')} (Deployed, Cannot deploy)` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const isOne = parts.length === 1 && omitted.open + omitted.closed === 1;
  return `${parts.join(' and ')} ${isOne ? 'is' : 'are'} not shown. Filter by client, vendor or date to see ${isOne ? 'it' : 'them'}.`;
}
