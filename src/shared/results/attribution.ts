import { windowStart } from './values';

/** What decided a contribution's vendor and send, stored with it. */
export type Attribution =
  | `code:${string}`
  | `campaign:${string}`
  | 'unmatched'
  | 'ambiguous'
  | 'outside-window'
  | 'not-counted:recurring'
  | 'not-counted:negative';

/** A send's delivery to one vendor, as attribution sees it. */
export interface SendToVendor {
  sendId: number;
  vendorId: string;
  /** When that vendor's message was mailed (the send's time, or when the vendor was added to it). */
  mailedAt: Date;
  /** The utm_campaign values of that vendor's links in the send, normalised. */
  campaigns: readonly string[];
}

export interface AttributionContext {
  /** Normalised result code → the vendors that have it (more than one: the code is ambiguous). */
  vendorsByCode: ReadonlyMap<string, readonly string[]>;
  /** This client's sends, per vendor. */
  sends: readonly SendToVendor[];
  windowDays: number;
}

export interface AttributionInput {
  contributedAt: Date;
  amountCents: number;
  codes: readonly string[];
  campaign: string | null;
  recurrenceNumber: number | null;
}

export interface AttributionDecision {
  vendorId: string | null;
  sendId: number | null;
  attribution: Attribution;
  /** The code that decided the vendor (or made the row ambiguous); null when none did. */
  code: string | null;
}

// Each list of sends by vendor, made once per list: an import decides a million rows against the same list.
const sendsByVendorOf = new WeakMap<readonly SendToVendor[], Map<string, SendToVendor[]>>();

function sendsOfVendor(sends: readonly SendToVendor[], vendorId: string): readonly SendToVendor[] {
  let byVendor = sendsByVendorOf.get(sends);
  if (!byVendor) {
    byVendor = new Map();
    for (const send of sends) {
      const list = byVendor.get(send.vendorId);
      if (list) list.push(send);
      else byVendor.set(send.vendorId, [send]);
    }
    sendsByVendorOf.set(sends, byVendor);
  }
  return byVendor.get(vendorId) ?? [];
}

/** Only the first payment of a recurring gift counts: Recurrence Number blank or 1. */
export function isFirstPayment(recurrenceNumber: number | null): boolean {
  return recurrenceNumber === null || recurrenceNumber <= 1;
}

/**
 * The attribution of one contribution, the one rule an import, a re-attribution (reattribution.ts) and the preview
 * apply:
 * - later payments of a recurring gift and negative rows are kept but not attributed;
 * - the vendor: the first of the row's codes (in column order) that is a result code of any vendor; a code of more than
 *   one vendor makes the row 'ambiguous' (unmatched, with that reason); no such code: 'unmatched';
 * - the send: of that vendor's sends for the client mailed at or before the contribution and no earlier than the
 *   window (New York calendar days, same wall-clock time), the one whose links carry the row's campaign when exactly
 *   one does, else the latest; none: 'outside-window' (the vendor is kept).
 */
export function attributeRow(row: AttributionInput, context: AttributionContext): AttributionDecision {
  if (!isFirstPayment(row.recurrenceNumber)) {
    return { vendorId: null, sendId: null, attribution: 'not-counted:recurring', code: null };
  }
  if (row.amountCents < 0) return { vendorId: null, sendId: null, attribution: 'not-counted:negative', code: null };
  const code = row.codes.find((candidate) => context.vendorsByCode.has(candidate));
  if (code === undefined) return { vendorId: null, sendId: null, attribution: 'unmatched', code: null };
  const vendors = context.vendorsByCode.get(code)!;
  if (vendors.length > 1) return { vendorId: null, sendId: null, attribution: 'ambiguous', code };
  const vendorId = vendors[0]!;
  const vendorSends = sendsOfVendor(context.sends, vendorId);
  const earliest = vendorSends.length > 0 ? windowStart(row.contributedAt, context.windowDays).getTime() : 0;
  const inWindow = vendorSends.filter(
    (send) => send.mailedAt.getTime() <= row.contributedAt.getTime() && send.mailedAt.getTime() >= earliest,
  );
  if (inWindow.length === 0) return { vendorId, sendId: null, attribution: 'outside-window', code };
  if (row.campaign !== null) {
    const byCampaign = inWindow.filter((send) => send.campaigns.includes(row.campaign!));
    if (byCampaign.length === 1) {
      return { vendorId, sendId: byCampaign[0]!.sendId, attribution: `campaign:${row.campaign}`, code };
    }
  }
  const latest = inWindow.reduce((best, send) =>
    send.mailedAt.getTime() > best.mailedAt.getTime() ||
    (send.mailedAt.getTime() === best.mailedAt.getTime() && send.sendId > best.sendId)
      ? send
      : best,
  );
  return { vendorId, sendId: latest.sendId, attribution: `code:${code}`, code };
}

/** The preview's and the lists' word for a stored attribution. */
export function statusOf(
  attribution: Attribution | string,
): 'matched' | 'unmatched' | 'outside-window' | 'not-counted' {
  if (attribution.startsWith('code:') || attribution.startsWith('campaign:')) return 'matched';
  if (attribution === 'outside-window') return 'outside-window';
  if (attribution.startsWith('not-counted')) return 'not-counted';
  return 'unmatched';
}
