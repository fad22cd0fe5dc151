import type { Statement, StatementAdjustment, StatementLine } from '#shared/contracts/statements';
import { monthBounds, nextMonth } from '#shared/payouts/month';
import { adjustmentOf, statementTotal } from '#shared/payouts/statement';
import { newYorkDate } from '#shared/rules/new-york-time';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { badRequest, conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit/repository';
import * as repo from './repository';
import { findStatementMail } from './statement-mail-repository';
import { amountsOwed } from './service';

export interface PayoutDeps {
  db: Db;
  clock: Clock;
}

/** A settled adjustment, as the next statement carries it and freezes it. */
interface PendingAdjustment extends StatementAdjustment {
  settled: { owedCents: number; netCents: number; quantity: number | null };
}

/** The first month after `month` that is not finalized: where a change to a send of `month` goes. */
function nextOpenMonth(month: string, finalized: Set<string>): string {
  let candidate = nextMonth(month);
  while (finalized.has(candidate)) candidate = nextMonth(candidate);
  return candidate;
}

/**
 * The adjustments an open month carries: each send of the vendor's finalized statements whose next open month is this
 * one, when what it is owed now differs from what was settled (its line plus the adjustments since).
 */
async function pendingAdjustments(db: Db, vendorId: string, month: string): Promise<PendingAdjustment[]> {
  const finalized = await repo.finalizedMonths(db, vendorId);
  if (finalized.size === 0) return [];
  const due = (await repo.listSettledSends(db, vendorId)).filter(
    (send) => send.lastMonth < month && nextOpenMonth(send.lastMonth, finalized) === month,
  );
  const now = new Map(
    (await amountsOwed(db, { vendorId, sendIds: due.map((send) => send.sendId) })).map((line) => [line.sendId, line]),
  );
  return due.flatMap((send): PendingAdjustment[] => {
    const current = now.get(send.sendId);
    if (!current) return [];
    const adjustment = adjustmentOf(String(send.sendId), send, current);
    if (!adjustment) return [];
    return [
      {
        sendId: send.sendId,
        fromMonth: send.fromMonth,
        owedCents: adjustment.owedCents,
        reason: adjustment.reason,
        settled: { owedCents: current.owedCents!, netCents: current.netCents, quantity: current.quantity },
      },
    ];
  });
}

async function liveStatement(db: Db, vendorId: string, month: string) {
  const { from, to } = monthBounds(month);
  const [lines, adjustments] = await Promise.all([
    amountsOwed(db, { vendorId, from, to }),
    pendingAdjustments(db, vendorId, month),
  ]);
  return { lines, adjustments };
}

const lineOf = (row: repo.StatementLineRow): StatementLine => ({
  sendId: row.sendId,
  sentAt: row.sentAt.toISOString(),
  client: row.clientSlug,
  clientName: row.clientName,
  pricingModel: row.pricingModel,
  terms: row.terms,
  termsWording: row.termsWording,
  contributions: row.contributions,
  donors: row.donors,
  newDonors: row.newDonors,
  grossCents: row.grossCents,
  refundedCents: row.refundedCents,
  netCents: row.netCents,
  quantity: row.quantity,
  reportedQuantity: row.reportedQuantity,
  owedCents: row.owedCents,
  flags: row.flags as StatementLine['flags'],
});

/** The statement's message to the vendor, as its history shows it; null until 'Send statement'. */
async function statementMail(db: Db, statementId: number): Promise<Statement['mail']> {
  const mail = await findStatementMail(db, statementId);
  if (!mail) return null;
  return {
    status: mail.status,
    queuedAt: mail.queuedAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    by: { email: mail.byEmail },
    to: mail.to,
    cc: mail.cc,
    lastError: mail.lastError,
  };
}

async function frozenStatement(db: Db, row: repo.StatementRow): Promise<Statement> {
  const [frozen, mail] = await Promise.all([repo.readFrozen(db, row.id), statementMail(db, row.id)]);
  return {
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    month: row.month,
    status: row.paidOn ? 'paid' : 'finalized',
    lines: frozen.lines.map(lineOf),
    adjustments: frozen.adjustments.map(({ sendId, fromMonth, owedCents, reason }) => ({
      sendId,
      fromMonth,
      owedCents,
      reason,
    })),
    owedCents: row.owedCents,
    unknownLines: row.unknownLines,
    finalized: { at: row.finalizedAt.toISOString(), by: { email: row.finalizedByEmail } },
    paid:
      row.paidOn && row.paidAt
        ? {
            paidOn: row.paidOn,
            reference: row.paymentReference ?? '',
            at: row.paidAt.toISOString(),
            by: { email: row.paidByEmail ?? '' },
          }
        : null,
    mail,
  };
}

/** The vendor's name, or the 404 for a vendor with neither a row nor a statement. */
async function knownVendor(db: Db, vendorId: string, statement: repo.StatementRow | undefined) {
  const name = (await repo.vendorName(db, vendorId)) ?? statement?.vendorName ?? undefined;
  if (name === undefined && !statement) throw notFound(`There is no vendor ${vendorId}.`);
  return name ?? null;
}

/** A vendor's statement for a month: frozen once finalized, else worked out now from the results and the terms. */
export async function readStatement(deps: PayoutDeps, vendorId: string, month: string): Promise<Statement> {
  const row = await repo.findStatement(deps.db, vendorId, month);
  const vendorName = await knownVendor(deps.db, vendorId, row);
  if (row) return frozenStatement(deps.db, row);
  const { lines, adjustments } = await liveStatement(deps.db, vendorId, month);
  const total = statementTotal(lines, adjustments);
  return {
    vendorId,
    vendorName,
    month,
    status: 'open',
    lines: lines.map(({ deliveryId: _d, vendorId: _v, vendorName: _n, ...line }) => line),
    adjustments: adjustments.map(({ settled: _settled, ...adjustment }) => adjustment),
    owedCents: total.owedCents,
    unknownLines: total.unknownLines,
    finalized: null,
    paid: null,
    mail: null,
  };
}

const finalizedBy = (row: repo.StatementRow) =>
  `This statement was already finalized by ${row.finalizedByEmail} on ${newYorkDate(row.finalizedAt)}.`;

/**
 * Freezes the month's statement as it reads now: every line, term, figure and adjustment in tables. A month that has
 * not ended needs `confirm`; of two admins at once, one finalizes and the other is told it was done (the vendor's lock
 * orders them, the unique index would refuse a second row anyway).
 */
export async function finalizeStatement(
  deps: PayoutDeps,
  actor: Actor,
  vendorId: string,
  month: string,
  confirm: boolean,
): Promise<Statement> {
  const now = deps.clock.now();
  const { to } = monthBounds(month);
  if (to > now && !confirm) {
    throw conflict(
      `${month} has not ended yet: sends and results may still come. To finalize it anyway, send { "confirm": true }.`,
    );
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockVendorStatements(tx, vendorId);
    const existing = await repo.findStatement(tx, vendorId, month);
    if (existing) throw conflict(finalizedBy(existing));
    const vendorName = await knownVendor(tx, vendorId, existing);
    const { lines, adjustments } = await liveStatement(tx, vendorId, month);
    const total = statementTotal(lines, adjustments);
    const id = await repo.insertFrozen(
      tx,
      {
        vendorId,
        vendorName,
        month,
        owedCents: total.owedCents,
        unknownLines: total.unknownLines,
        finalizedAt: now,
        finalizedByUserId: actor.id,
        finalizedByEmail: actor.email,
      },
      lines.map(({ deliveryId: _d, vendorId: _v, vendorName: _n, sentAt, client, ...line }) => ({
        ...line,
        sentAt: new Date(sentAt),
        clientSlug: client,
      })),
      adjustments.map(({ settled, ...adjustment }) => ({
        ...adjustment,
        settledOwedCents: settled.owedCents,
        netCents: settled.netCents,
        quantity: settled.quantity,
      })),
    );
    if (id === undefined) throw conflict(`This statement was already finalized.`);
    await recordAudit(
      tx,
      actor,
      {
        action: 'statement-finalized',
        entity: 'statement',
        entityId: `${vendorId}/${month}`,
        after: { owedCents: total.owedCents, lines: lines.length, adjustments: adjustments.length },
      },
      now,
    );
  });
  return readStatement(deps, vendorId, month);
}

/** Records the payment of a finalized statement: once. */
export async function markStatementPaid(
  deps: PayoutDeps,
  actor: Actor,
  vendorId: string,
  month: string,
  payment: { paidOn: string; reference: string },
): Promise<Statement> {
  const now = deps.clock.now();
  if (payment.paidOn > newYorkDate(now)) throw badRequest('paidOn cannot be in the future.', { field: 'paidOn' });
  await deps.db.transaction(async (tx) => {
    const row = await repo.findStatement(tx, vendorId, month);
    if (!row) {
      await knownVendor(tx, vendorId, row);
      throw conflict(`The ${month} statement is still open: finalize it before marking it paid.`);
    }
    const isMarked = await repo.markPaid(tx, row.id, { ...payment, at: now, userId: actor.id, email: actor.email });
    if (!isMarked) {
      const paid = (await repo.findStatement(tx, vendorId, month))!;
      throw conflict(
        `This statement was already marked paid on ${paid.paidOn} (reference ${paid.paymentReference}) by ${paid.paidByEmail}.`,
      );
    }
    await recordAudit(
      tx,
      actor,
      { action: 'statement-paid', entity: 'statement', entityId: `${vendorId}/${month}`, after: payment },
      now,
    );
  });
  return readStatement(deps, vendorId, month);
}
