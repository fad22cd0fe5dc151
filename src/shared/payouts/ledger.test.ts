import { describe, expect, it } from 'vitest';
import { carriedBalances, pendingAdjustments, type SendNow, type SettledSend } from './ledger';

const now = (sendId: number, month: string, grossCents: number, refundedCents = 0, share = 0.5): SendNow => ({
  sendId,
  month,
  owedCents: Math.round((grossCents - refundedCents) * share),
  netCents: grossCents - refundedCents,
  grossCents,
  refundedCents,
  quantity: null,
});

const settledAt = (send: SendNow, month = send.month): SettledSend => ({
  ...send,
  fromMonth: send.month,
  lastMonth: month,
});

describe('every cent on exactly one statement', () => {
  const finalized = new Set(['2026-12']);

  it('puts a send of a finalized month that is not on it on the next open statement, as new results', () => {
    const late = now(2, '2026-12', 13_200);
    expect(pendingAdjustments('2027-01', finalized, [], [late])).toMatchObject([
      {
        sendId: 2,
        fromMonth: '2026-12',
        owedCents: 6600,
        reason: 'New results: a send of December 2026 that was not on its finalized statement',
      },
    ]);
    // Not on a later month too, nor on the finalized one.
    expect(pendingAdjustments('2027-02', finalized, [], [late])).toEqual([]);
    expect(pendingAdjustments('2026-12', finalized, [], [late])).toEqual([]);
  });

  it('names a refund, new results, and gifts moved from one send to another as a pair', () => {
    const before = now(1, '2026-12', 10_000);
    expect(
      pendingAdjustments('2027-01', finalized, [settledAt(before)], [now(1, '2026-12', 10_000, 4000)]),
    ).toMatchObject([{ owedCents: -2000, reason: 'A refund after December 2026 was finalized' }]);
    expect(pendingAdjustments('2027-01', finalized, [settledAt(before)], [now(1, '2026-12', 12_000)])).toMatchObject([
      { owedCents: 1000, reason: 'New results after December 2026 was finalized' },
    ]);
    // $100 of send 1 re-attributed to send 2 (sent later in December, at a share of 66 %).
    const moved = pendingAdjustments(
      '2027-01',
      finalized,
      [settledAt(before)],
      [now(1, '2026-12', 0), now(2, '2026-12', 10_000, 0, 0.66)],
    );
    expect(moved).toMatchObject([
      { sendId: 1, owedCents: -5000, reason: 'Moved from send 1 to send 2' },
      { sendId: 2, owedCents: 6600, reason: 'Moved from send 1 to send 2' },
    ]);
  });

  it('carries a negative finalized total to the next statement not finalized, once', () => {
    const totals = [
      { month: '2026-12', owedCents: 5000, isCarried: false },
      { month: '2027-01', owedCents: -2000, isCarried: false },
    ];
    const months = new Set(['2026-12', '2027-01']);
    expect(carriedBalances('2027-02', months, totals)).toEqual([{ fromMonth: '2027-01', owedCents: -2000 }]);
    expect(carriedBalances('2027-03', months, totals)).toEqual([]);
    // February finalized with January's balance in it: March does not carry it again.
    const held = [
      totals[0]!,
      { ...totals[1]!, isCarried: true },
      { month: '2027-02', owedCents: 800, isCarried: false },
    ];
    expect(carriedBalances('2027-03', new Set([...months, '2027-02']), held)).toEqual([]);
    // February finalized before January was: January's balance goes to March.
    expect(carriedBalances('2027-03', new Set([...months, '2027-02']), totals)).toEqual([
      { fromMonth: '2027-01', owedCents: -2000 },
    ]);
  });
});
