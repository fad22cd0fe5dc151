import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { bearer } from '#server/testing/test-app';

const good = { 'Lineitem ID': 'L1', Date: '2026-03-11 10:00:00', Amount: '5.00', 'Donor Email': 'a@x.org' };

describe('bad input gets a clear answer and nothing imported', () => {
  test.override('env', { RESULTS_MAX_MB: '1' });

  test('every bad file is refused with its reason, and nothing stays', async ({ app, admin, database }) => {
    const cases: [string, string | Buffer, number, string | RegExp, string?][] = [
      ['not CSV', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 400, /not a CSV file/],
      [
        'a missing required column',
        actBlueCsv([good]).replace('Lineitem ID', 'Line ID'),
        400,
        "The file has no column 'Lineitem ID': export the contributions again with every column",
      ],
      [
        'an unreadable amount',
        actBlueCsv([good, good, { ...good, 'Lineitem ID': 'L3', Amount: 'five' }]),
        400,
        "Line 4, column 'Amount': this is not an amount ('five')",
      ],
      [
        'an unreadable date',
        actBlueCsv([good, { ...good, 'Lineitem ID': 'L2', Date: '2026-02-30 10:00:00' }]),
        400,
        "Line 3, column 'Date': this is not a date ('2026-02-30 10:00:00')",
      ],
      ['an unclosed quote', `${actBlueCsv([good])}\r\n"L9,2026`, 400, /a quoted field is not closed/],
      [
        'a file over the limit',
        actBlueCsv(Array.from({ length: 12_000 }, (_, i) => ({ ...good, 'Lineitem ID': `L${i}` }))),
        413,
        /at most 1 MB/,
      ],
      ['an unknown client', actBlueCsv([good]), 400, 'client is not a known client', 'nobody-inc'],
      ['an empty file', '', 400, /The file is empty/],
    ];
    for (const [what, body, status, message, client] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/results/imports?client=${client ?? 'goa-victory'}`,
        headers: { ...bearer(admin), 'content-type': 'text/csv' },
        payload: body,
      });
      expect(response.statusCode, what).toBe(status);
      expect(response.json().message, what).toMatch(message);
      expect(response.body, what).not.toMatch(/at .*\.ts:\d+/);
    }
    const badMapping = await importResults(app, admin, actBlueCsv([good]), 'goa-victory', { id: 'Lineitem ID' });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().message).toBe('mapping.date is required');
    const unmappedColumn = await importResults(app, admin, actBlueCsv([good]), 'goa-victory', {
      id: 'Lineitem ID',
      date: 'Date',
      amount: 'Total',
    });
    expect(unmappedColumn.json().message).toBe("The file has no column 'Total': check the column mapping");

    // The file must come as the CSV itself: a JSON body (read by the app's own parser) or none at all is refused.
    for (const url of ['/api/results/imports', '/api/results/imports/preview', '/api/results/prior-donors']) {
      for (const [what, payload] of [
        ['a JSON body', { headers: { 'content-type': 'application/json' }, payload: '{"rows":[]}' }],
        ['no body', {}],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: `${url}?client=goa-victory`,
          ...payload,
          headers: { ...bearer(admin), ...('headers' in payload ? payload.headers : {}) },
        });
        expect(response.statusCode, `${url}, ${what}`).toBe(415);
        expect(response.json().message, `${url}, ${what}`).toBe('The body must be the CSV file (text/csv)');
      }
    }

    const stored = await database.db.execute(
      sql`SELECT (SELECT count(*) FROM contributions)::int AS c, (SELECT count(*) FROM result_imports)::int AS i`,
    );
    expect(stored.rows[0]).toEqual({ c: 0, i: 0 });
    // A good file still goes in afterwards.
    expect((await importResults(app, admin, actBlueCsv([good]))).statusCode).toBe(201);
  });
});
