import type { TrackingBoard } from '#shared/contracts/tracking';
import { formatQuantity } from '#shared/rules/tracking';

type Omitted = TrackingBoard['omitted'];

const counted = (count: number, noun: string) => `${formatQuantity(count)} ${noun}${count === 1 ? '' : 's'}`;

/** Which cards a total adds up: those listed, which are not all of them when some were left out. */
const listed = (omitted: Omitted) =>
  omitted.open + omitted.closed > 0 ? 'the deployments shown' : 'these deployments';

/** The words before the board's expected spend: of every card listed, or of those without results when some have. */
export function spendTotalLabel(omitted: Omitted, someHaveResults = false): string {
  return `Expected spend of ${listed(omitted)}${someHaveResults ? ' without results' : ''}:`;
}

/** The words before the board's amounts owed: of the cards listed whose send has results for their vendor. */
export function owedTotalLabel(omitted: Omitted): string {
  return `Owed for ${listed(omitted)} with results:`;
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
