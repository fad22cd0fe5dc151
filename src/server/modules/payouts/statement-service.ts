import type { Statement, StatementLine } from '#shared/contracts/statements';
import { carriedWording, nextOpenMonth } from '#shared/payouts/ledger';
import { formatCents } from '#shared/payouts/money';
import { monthBounds } from '#shared/payouts/month';
import { statementTotal } from '#shared/payouts/statement';
import { newYorkDate } from '#shared/rules/new-york-time';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { badRequest, conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';
import { findStatementMail } from './statement-mail-repository';
import { openParts, readBooks } from './books';

export interface PayoutDeps {
  db: Db;
  clock: Clock;
}

/** The month a finalized total below zero goes to: the statement that holds it, else the next one not finalized. */
export async function carriedTo(db: Db, vendorId: string, month: string, owedCents: number): Promise<string | null> {
  if (owedCents >= 0) return null;
  const holder = await repo.carriedInto(db, vendorId, month);
  if (holder) return holder;
  const months = new Set((await repo.listFinalizedTotals(db, vendorId)).map((total) => total.month));
  return nextOpenMonth(month, months);
}

const carriedView = (each: { fromMonth: string; owedCents: number }) => ({
  fromMonth: each.fromMonth,
  owedCents: each.owedCents,
  wording: carriedWording(each.fromMonth),
});

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
  const [frozen, mail, carried, to] = await Promise.all([
    repo.readFrozen(db, row.id),
    statementMail(db, row.id),
    repo.readCarried(db, row.id),
    carriedTo(db, row.vendorId, row.month, row.owedCents),
  ]);
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
    carried: carried.map(carriedView),
    owedCents: row.owedCents,
    carriedTo: to,
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
  const { lines, adjustments, carried } = openParts(await readBooks(deps.db, month, vendorId), month);
  const total = statementTotal(lines, [...adjustments, ...carried]);
  return {
    vendorId,
    vendorName,
    month,
    status: 'open',
    lines: lines.map(({ deliveryId: _d, vendorId: _v, vendorName: _n, ...line }) => line),
    adjustments: adjustments.map(({ settled: _settled, ...adjustment }) => adjustment),
    carried: carried.map(carriedView),
    owedCents: total.owedCents,
    carriedTo: null,
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
  const { from, to } = monthBounds(month);
  if (from > now) {
    throw conflict(
      `${month} has not begun yet in New York: a month can be finalized once it has begun, and is best finalized once it has ended.`,
      'month-not-begun',
    );
  }
  if (to > now && !confirm) {
    throw conflict(
      `${month} has not ended yet: sends and results may still come. To finalize it anyway, send { "confirm": true }.`,
      'month-not-over',
    );
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockVendorStatements(tx, vendorId);
    const existing = await repo.findStatement(tx, vendorId, month);
    if (existing) throw conflict(finalizedBy(existing), 'already-finalized');
    const vendorName = await knownVendor(tx, vendorId, existing);
    const { lines, adjustments, carried } = openParts(await readBooks(tx, month, vendorId), month);
    const total = statementTotal(lines, [...adjustments, ...carried]);
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
        settledOwedCents: settled.owedCents!,
        netCents: settled.netCents,
        grossCents: settled.grossCents,
        refundedCents: settled.refundedCents,
        quantity: settled.quantity,
      })),
      carried,
    );
    if (id === undefined) throw conflict(`This statement was already finalized.`, 'already-finalized');
    await recordAudit(
      tx,
      actor,
      {
        action: 'statement-finalized',
        entity: 'statement',
        entityId: `${vendorId}/${month}`,
        after: {
          owedCents: total.owedCents,
          lines: lines.length,
          adjustments: adjustments.length,
          carried: carried.map((each) => each.fromMonth),
        },
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
  if (payment.paidOn > newYorkDate(now)) {
    throw badRequest('paidOn cannot be in the future.', { field: 'paidOn' }, 'paid-on-in-the-future');
  }
  if (payment.paidOn < `${month}-01`) {
    throw badRequest(
      `paidOn cannot be before the statement's month began (${month}-01).`,
      { field: 'paidOn' },
      'paid-on-before-month',
    );
  }
  await deps.db.transaction(async (tx) => {
    const row = await repo.findStatement(tx, vendorId, month);
    if (!row) {
      await knownVendor(tx, vendorId, row);
      throw conflict(`The ${month} statement is still open: finalize it before marking it paid.`, 'statement-open');
    }
    if (row.owedCents < 0) {
      throw conflict(
        `The ${month} statement totals ${formatCents(row.owedCents)}: a balance below zero is not paid, it is carried forward to the vendor's next statement.`,
        'negative-balance',
      );
    }
    const isMarked = await repo.markPaid(tx, row.id, { ...payment, at: now, userId: actor.id, email: actor.email });
    if (!isMarked) {
      const paid = (await repo.findStatement(tx, vendorId, month))!;
      throw conflict(
        `This statement was already marked paid on ${paid.paidOn} (reference ${paid.paymentReference}) by ${paid.paidByEmail}.`,
        'already-paid',
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
