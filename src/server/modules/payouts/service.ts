import type { AmountOwedView } from '#shared/contracts/responses/owed';
import type { LineFlag, StatementLine } from '#shared/contracts/statements';
import { owedFor } from '#shared/payouts/owed';
import { countedQuantity } from '#shared/payouts/quantity';
import { statementTotal } from '#shared/payouts/statement';
import { payoutTermsOf, termsWording } from '#shared/payouts/terms';
import type { Db } from '#server/db/client';
import type { SendsOwed } from '../sends';
import * as repo from './repository';

export type { DeliverySelection } from './repository';

/** What one vendor is owed for one send, with the figures and terms it comes from: a statement line and more. */
export interface AmountOwed extends StatementLine {
  deliveryId: number;
  vendorId: string;
  vendorName: string;
}

/** A line of inputs worked out by the shared rules: the quantity that counts, then the amount owed. */
export function amountOwedOf(inputs: repo.OwedInputs): AmountOwed {
  const terms = payoutTermsOf(inputs.terms);
  const netCents = inputs.grossCents - inputs.refundedCents;
  const counted = countedQuantity({
    deployed: inputs.deployedQuantity,
    source: inputs.deployedQuantity === null ? null : inputs.isReportedByVendor ? 'vendor' : 'staff',
    planned: inputs.plannedQuantity,
    plannedSource: inputs.plannedQuantity === null ? null : inputs.isPlannedByVendor ? 'vendor' : 'staff',
    vendorLimit: inputs.vendorLimit,
    accepted: inputs.acceptedQuantity !== null && inputs.acceptedQuantity === inputs.deployedQuantity,
  });
  const isCpm = terms.model === 'CPM';
  const owed = owedFor(terms, { netCents, donors: inputs.donors, newDonors: inputs.newDonors }, counted.quantity);
  const flags: LineFlag[] = [];
  if (owed.flag) flags.push(owed.flag);
  if (isCpm && counted.needsReview) flags.push('Needs review');
  return {
    deliveryId: inputs.deliveryId,
    vendorId: inputs.vendorId,
    vendorName: inputs.vendorName,
    sendId: inputs.sendId,
    sentAt: inputs.sentAt.toISOString(),
    client: inputs.clientSlug,
    clientName: inputs.clientName,
    pricingModel: inputs.terms?.pricingModel ?? null,
    terms: inputs.terms?.items ?? [],
    termsWording: termsWording(inputs.terms),
    contributions: inputs.contributions,
    donors: inputs.donors,
    newDonors: inputs.newDonors,
    grossCents: inputs.grossCents,
    refundedCents: inputs.refundedCents,
    netCents,
    // What a CPM amount counts; for the other models, the quantity as reported.
    quantity: isCpm ? counted.quantity : inputs.deployedQuantity,
    reportedQuantity: inputs.deployedQuantity,
    owedCents: owed.owedCents,
    flags,
  };
}

/**
 * What each vendor is owed for each send the selection names (a vendor, sends, a time range), from the terms kept with
 * its message when it was sent, its results and the quantity that counts: one query, then the shared rules. The
 * Deployment Log, Deployment Details, the Tracking board, vendor performance and Select Vendors read amounts owed here.
 */
export async function amountsOwed(db: Db, selection: repo.DeliverySelection): Promise<AmountOwed[]> {
  return (await repo.listOwedInputs(db, selection)).map(amountOwedOf);
}

/**
 * The amounts owed for every vendor of these sends, for the Deployment Log, Deployment Details and the Tracking board:
 * one `amountsOwed` call for all of them. A vendor has an amount once the send has results for it (any attributed
 * contribution, refunded or not); before that its screens keep the expected spend by its terms.
 */
export async function owedOnceResultsExist(db: Db, sendIds: readonly number[]): Promise<SendsOwed> {
  const owed = new Map<string, AmountOwedView>();
  const bySend = new Map<number, AmountOwed[]>();
  for (const line of await amountsOwed(db, { sendIds: [...new Set(sendIds)] })) {
    if (line.contributions === 0) continue;
    owed.set(`${line.sendId}:${line.vendorId}`, { owedCents: line.owedCents, flags: line.flags });
    const lines = bySend.get(line.sendId) ?? [];
    lines.push(line);
    bySend.set(line.sendId, lines);
  }
  const totals = new Map([...bySend].map(([sendId, lines]) => [sendId, statementTotal(lines, [])]));
  return {
    of: (sendId, vendorId) => owed.get(`${sendId}:${vendorId}`) ?? null,
    totalOf: (sendId) => totals.get(sendId) ?? null,
  };
}
