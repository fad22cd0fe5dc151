import { describe, expect } from 'vitest';
import type { SendEntry } from '#shared/contracts/sends';
import type { TrackingBoard } from '#shared/contracts/tracking';
import type { App } from '#server/app';
import { saveCosts, sendUnder } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it } from '#server/testing/tracking-fixtures';

const DAY = 86_400_000;

async function read(app: App, token: string, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  if (response.statusCode >= 400) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** Each vendor's `owed` of a log entry, by vendor id. */
const owedOf = (entry: SendEntry) => Object.fromEntries(entry.deliveries.map((d) => [d.vendorId, d.owed]));

describe('the amount owed where sends are followed (issue 24 item 1)', () => {
  it('is null before results and the amount (or its flag) after, in the log, its entry and the board', async ({
    app,
    admin,
    member,
    t,
  }) => {
    await seedVendors(app, admin);
    await saveCosts(app, admin, 'bravo5678', { costPerThousand: 4, cpmBudget: 100 });
    await saveCosts(app, admin, 'carta9012', { costPerThousand: 1, cpmBudget: 5000 });
    // Acme's default split is 60/40; a day later a CPM send to Bravo (no quantity reported) and Carta (no results).
    const revshare = await sendUnder(app, admin, 'Revshare', ['acme1234']);
    t.clock.advance(DAY);
    const cpm = await sendUnder(app, admin, 'CPM', ['bravo5678', 'carta9012']);

    const entry = async (id: number) => (await read(app, member, `/api/email-logs/${id}`)).json<SendEntry>();
    const before = await read(app, member, '/api/tracking');
    for (const id of [revshare, cpm]) {
      const unpaid = await entry(id);
      expect(unpaid.owed).toBeNull();
      expect(unpaid.deliveries.every((delivery) => delivery.owed === null)).toBe(true);
    }
    expect(
      before.json<TrackingBoard>().items.map(({ vendorId, owed, sendOwed }) => ({ vendorId, owed, sendOwed })),
    ).toEqual(['bravo5678', 'carta9012', 'acme1234'].map((vendorId) => ({ vendorId, owed: null, sendOwed: null })));
    const beforeEntry = await read(app, member, `/api/email-logs/${revshare}`);

    const imported = await importResults(
      app,
      member,
      actBlueCsv([
        {
          'Lineitem ID': 'R1',
          Date: '2026-03-10 12:00:00',
          Amount: '100.00',
          'Reference Code': 'acme',
          'Donor Email': 'a@x.org',
        },
        {
          'Lineitem ID': 'C1',
          Date: '2026-03-11 12:00:00',
          Amount: '25.00',
          'Reference Code': 'bravo',
          'Donor Email': 'b@x.org',
        },
      ]),
    );
    expect(imported.json()).toMatchObject({ matched: 2 });

    // Revshare: 60 % of $100. CPM without a quantity: unknown, flagged, never $0; Carta has no results: null.
    const paidRevshare = await entry(revshare);
    expect(owedOf(paidRevshare)).toEqual({ acme1234: { owedCents: 6000, flags: [] } });
    expect(paidRevshare.owed).toEqual({ owedCents: 6000, unknownLines: 0 });
    const paidCpm = await entry(cpm);
    expect(owedOf(paidCpm)).toEqual({
      bravo5678: { owedCents: null, flags: ['Quantity not reported'] },
      carta9012: null,
    });
    expect(paidCpm.owed).toEqual({ owedCents: 0, unknownLines: 1 });

    // The log's list carries the same, read for all its entries at once.
    const list = (await read(app, member, '/api/email-logs')).json<SendEntry[]>();
    expect(list.map((listed) => [listed.id, listed.owed, owedOf(listed)])).toEqual([
      [cpm, paidCpm.owed, owedOf(paidCpm)],
      [revshare, paidRevshare.owed, owedOf(paidRevshare)],
    ]);

    // The polled answers' ETags follow the import: what was held is not answered 304.
    const etag = { 'if-none-match': String(before.headers.etag) };
    const board = await read(app, member, '/api/tracking', etag);
    expect(board.statusCode).toBe(200);
    expect(
      board.json<TrackingBoard>().items.map(({ vendorId, owed, sendOwed }) => ({ vendorId, owed, sendOwed })),
    ).toEqual([
      {
        vendorId: 'bravo5678',
        owed: { owedCents: null, flags: ['Quantity not reported'] },
        sendOwed: { owedCents: 0, unknownLines: 1 },
      },
      { vendorId: 'carta9012', owed: null, sendOwed: { owedCents: 0, unknownLines: 1 } },
      { vendorId: 'acme1234', owed: { owedCents: 6000, flags: [] }, sendOwed: { owedCents: 6000, unknownLines: 0 } },
    ]);
    const entryAgain = await read(app, member, `/api/email-logs/${revshare}`, {
      'if-none-match': String(beforeEntry.headers.etag),
    });
    expect(entryAgain.statusCode).toBe(200);
    // And unchanged answers still are.
    const unchanged = await read(app, member, '/api/tracking', { 'if-none-match': String(board.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
  });
});
