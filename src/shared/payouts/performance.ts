import { divideRounded, type Cents } from './money';

/**
 * Vendor performance (issue 24 item 4): the ratios the agency picks vendors by, each in integer arithmetic like the
 * amounts they come from. Ratios are basis points (1 % = 100) so no figure passes through a binary fraction.
 */

/** ROI `(net − owed) / owed` in basis points; null when nothing known is owed (0 or no known amount). */
export function roiBasisPoints(netCents: Cents, owedCents: Cents | null): number | null {
  if (owedCents === null || owedCents <= 0) return null;
  return divideRounded(BigInt(netCents - owedCents) * 10_000n, owedCents);
}

/** What each of `count` donors (or new donors) cost, in cents; null with none, or with no known amount. */
export function costPerCents(owedCents: Cents | null, count: number): Cents | null {
  if (owedCents === null || count <= 0) return null;
  return divideRounded(owedCents, count);
}

/**
 * Whether a vendor deployed on time: on or before the New York date it scheduled (both YYYY-MM-DD, compared as text);
 * null when it says nothing (not deployed, or deployed with no scheduled date).
 */
export function isOnTime(scheduledDate: string | null, deployedDate: string | null): boolean | null {
  if (scheduledDate === null || deployedDate === null) return null;
  return deployedDate <= scheduledDate;
}

/** `part / whole` in basis points; null with nothing counted. */
export function rateBasisPoints(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return divideRounded(part * 10_000, whole);
}

/** One vendor's send, as the performance figures read it (an amount owed and its tracking). */
export interface PerformanceSend {
  sendId: number;
  /** The New York date the send went out. */
  date: string;
  contributions: number;
  netCents: Cents;
  donors: number;
  newDonors: number;
  /** Null when the amount is unknown (terms missing, quantity not reported). */
  owedCents: Cents | null;
  /** The quantity deployed, as reported; null when none was. */
  quantity: number | null;
  scheduledDate: string | null;
  deployedDate: string | null;
}

/** A figure and the sends it comes from, so a screen can link to them. */
export interface Sourced<T> {
  value: T;
  sendIds: number[];
}

export interface PerformanceFigures {
  sends: Sourced<number>;
  contributions: Sourced<number>;
  quantityDeployed: Sourced<number>;
  netCents: Sourced<Cents>;
  /** The sum of the known amounts. */
  owedCents: Sourced<Cents>;
  /** How many amounts are unknown, and whose. */
  unknownOwed: Sourced<number>;
  /** Over the sends whose amount is known: their net against what they are owed. */
  roiBasisPoints: Sourced<number | null>;
  costPerDonorCents: Sourced<Cents | null>;
  costPerNewDonorCents: Sourced<Cents | null>;
  /** Deployed on or before the scheduled date, over the deployments with both dates. */
  onTimeRateBasisPoints: Sourced<number | null>;
}

const sum = (sends: readonly PerformanceSend[], of: (send: PerformanceSend) => number) =>
  sends.reduce((total, send) => total + of(send), 0);
const ids = (sends: readonly PerformanceSend[]) => sends.map((send) => send.sendId);

/**
 * A vendor's figures over its sends. The ratios count only the sends whose amount is known, so an unknown amount never
 * reads as free; donors and new donors are summed per send (a donor who gave to two sends counts in each).
 */
export function performanceOf(sends: readonly PerformanceSend[]): PerformanceFigures {
  const known = sends.filter((send) => send.owedCents !== null);
  const unknown = sends.filter((send) => send.owedCents === null);
  const withQuantity = sends.filter((send) => send.quantity !== null);
  const timed = sends.filter((send) => isOnTime(send.scheduledDate, send.deployedDate) !== null);
  const owed = sum(known, (send) => send.owedCents!);
  const knownOwed = known.length === 0 ? null : owed;
  return {
    sends: { value: sends.length, sendIds: ids(sends) },
    contributions: { value: sum(sends, (send) => send.contributions), sendIds: ids(sends) },
    quantityDeployed: { value: sum(withQuantity, (send) => send.quantity!), sendIds: ids(withQuantity) },
    netCents: { value: sum(sends, (send) => send.netCents), sendIds: ids(sends) },
    owedCents: { value: owed, sendIds: ids(known) },
    unknownOwed: { value: unknown.length, sendIds: ids(unknown) },
    roiBasisPoints: {
      value: roiBasisPoints(
        sum(known, (send) => send.netCents),
        knownOwed,
      ),
      sendIds: ids(known),
    },
    costPerDonorCents: {
      value: costPerCents(
        knownOwed,
        sum(known, (send) => send.donors),
      ),
      sendIds: ids(known),
    },
    costPerNewDonorCents: {
      value: costPerCents(
        knownOwed,
        sum(known, (send) => send.newDonors),
      ),
      sendIds: ids(known),
    },
    onTimeRateBasisPoints: {
      value: rateBasisPoints(
        timed.filter((send) => isOnTime(send.scheduledDate, send.deployedDate)).length,
        timed.length,
      ),
      sendIds: ids(timed),
    },
  };
}

export interface MonthFigures {
  /** 'YYYY-MM', the New York month the sends went out. */
  month: string;
  owedCents: Cents;
  unknownOwed: number;
  netCents: Cents;
  sendIds: number[];
}

/** Owed (the known amounts) against raised, per month of the sends' dates, in month order. */
export function monthlyOf(sends: readonly PerformanceSend[]): MonthFigures[] {
  const months = new Map<string, MonthFigures>();
  for (const send of sends) {
    const month = send.date.slice(0, 7);
    let figures = months.get(month);
    if (!figures) months.set(month, (figures = { month, owedCents: 0, unknownOwed: 0, netCents: 0, sendIds: [] }));
    if (send.owedCents === null) figures.unknownOwed++;
    else figures.owedCents += send.owedCents;
    figures.netCents += send.netCents;
    // Over several vendors a send is in the month once.
    if (!figures.sendIds.includes(send.sendId)) figures.sendIds.push(send.sendId);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** Basis points as a percentage for people: 15000 → '150 %', -2550 → '−25.5 %'. */
export function formatBasisPoints(basisPoints: number): string {
  const sign = basisPoints < 0 ? '−' : '';
  const absolute = Math.abs(basisPoints);
  const whole = Math.trunc(absolute / 100);
  const fraction = absolute % 100;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
  return `${sign}${whole.toLocaleString('en-US')}${decimals} %`;
}
