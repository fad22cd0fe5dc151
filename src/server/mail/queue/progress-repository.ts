import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries } from '#server/db/schema';
import type { AttemptResult } from '../delivery-attempt';
import type { ClaimRef } from './claims-repository';

/** The SQL of an attempt's progress: its message handed to the transport, then how it ended. */

/** One attempt's outcome to record: the claim it ends (id and attempt number) and how it ended. */
export interface Finish extends ClaimRef {
  result: AttemptResult;
}

/**
 * Each field of an attempt's result, with its column and SQL type: a field added to AttemptResult fails the type check
 * here until it is given its column, so no outcome is ever recorded without it. Optional fields keep the row's value
 * when a result has none.
 */
const RESULT_COLUMNS = {
  status: { column: emailDeliveries.status, type: 'text', isOptional: false },
  lastError: { column: emailDeliveries.lastError, type: 'text', isOptional: false },
  nextAttemptAt: { column: emailDeliveries.nextAttemptAt, type: 'timestamptz', isOptional: true },
  sentAt: { column: emailDeliveries.sentAt, type: 'timestamptz', isOptional: true },
  providerId: { column: emailDeliveries.providerId, type: 'text', isOptional: true },
  providerThreadId: { column: emailDeliveries.providerThreadId, type: 'text', isOptional: true },
} as const satisfies {
  [K in keyof Required<AttemptResult>]: { column: { name: string }; type: string; isOptional: boolean };
};
const RESULT_FIELDS = Object.keys(RESULT_COLUMNS) as (keyof typeof RESULT_COLUMNS)[];

const cell = (value: unknown, type: string) => {
  const plain = value instanceof Date ? value.toISOString() : (value ?? null);
  return sql`${plain}::${sql.raw(type)}`;
};

/**
 * Records, in one statement, that the messages of `handOvers` go to the transport now and how the attempts of
 * `finishes` ended; answers the ids recorded. Only where the claim still holds (the row is this attempt's 'sending'):
 * a claim lost meanwhile (it lapsed and was settled) is missing from the answer, and its message must not be sent. A
 * hand-over leaves the claim held and its lease as it is; an outcome ends the claim.
 */
export async function writeProgress(
  db: Db,
  finishes: readonly Finish[],
  now: Date,
  handOvers: readonly ClaimRef[] = [],
): Promise<Set<number>> {
  if (finishes.length + handOvers.length === 0) return new Set();
  const row = (id: number, attempts: number, isHandOver: boolean, result: Partial<AttemptResult>) =>
    sql`(${sql.join(
      [
        cell(id, 'integer'),
        cell(attempts, 'integer'),
        cell(isHandOver, 'boolean'),
        ...RESULT_FIELDS.map((field) => cell(result[field], RESULT_COLUMNS[field].type)),
      ],
      sql`, `,
    )})`;
  const rows = [
    ...finishes.map(({ id, attempts, result }) => row(id, attempts, false, result)),
    ...handOvers.map(({ id, attempts }) => row(id, attempts, true, {})),
  ];
  const columns = RESULT_FIELDS.map((field) => RESULT_COLUMNS[field].column.name).join(', ');
  const progress = sql`(values ${sql.join(rows, sql`, `)}) as progress(id, attempts, hand_over, ${sql.raw(columns)})`;
  const isHandOver = sql.raw('progress.hand_over');
  /** The row's own value for a hand-over, the outcome's otherwise. */
  const outcomeOr = (column: { name: string }, value: SQL) =>
    sql`case when ${isHandOver} then ${column} else ${value} end`;
  const set: Record<string, SQL> = {};
  for (const field of RESULT_FIELDS) {
    const { column, isOptional } = RESULT_COLUMNS[field];
    const value = sql.raw(`progress.${column.name}`);
    set[field] = isOptional ? sql`coalesce(${value}, ${column})` : outcomeOr(column, value);
  }
  const recorded = await db
    .update(emailDeliveries)
    .set({
      ...set,
      handedOverAt: sql`case when ${isHandOver} then ${now.toISOString()}::timestamptz else ${emailDeliveries.handedOverAt} end`,
      lockedUntil: outcomeOr(emailDeliveries.lockedUntil, sql`null`),
      claimToken: outcomeOr(emailDeliveries.claimToken, sql`null`),
      updatedAt: now,
    })
    .from(progress)
    .where(
      and(
        eq(emailDeliveries.id, sql`progress.id`),
        eq(emailDeliveries.status, 'sending'),
        eq(emailDeliveries.attempts, sql`progress.attempts`),
      ),
    )
    .returning({ id: emailDeliveries.id });
  return new Set(recorded.map((row) => row.id));
}

/** Records the outcomes of several attempts in one statement; returns the ids recorded (see writeProgress). */
export function finishAttempts(db: Db, finishes: readonly Finish[], now: Date): Promise<Set<number>> {
  return writeProgress(db, finishes, now);
}

/** Makes the listed deliveries that still wait for a retry due now (the mail server that was away answers again). */
export function bringForward(db: Db, ids: readonly number[], now: Date) {
  return db
    .update(emailDeliveries)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        inArray(emailDeliveries.id, [...ids]),
        eq(emailDeliveries.status, 'pending'),
        gt(emailDeliveries.nextAttemptAt, now),
      ),
    )
    .returning({ id: emailDeliveries.id });
}
