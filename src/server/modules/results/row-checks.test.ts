import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { sendUnder } from '#server/testing/payouts-fixtures';
import { importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { SLOW, summaryOf, WINRED_MAPPING } from '#server/testing/reversal-fixtures';

it(
  'a row is what the header says: every line end reads, and each bad row is refused with its line and nothing stored',
  SLOW,
  async ({ app, admin, member, database }) => {
    await seedVendors(app, admin);
    await sendUnder(app, admin, 'Revshare', ['acme1234']);
    const header = 'id,Date,Gross Amount,Email,Source Code,agency,agency';
    const rows = [
      'w-1,2026-03-10 12:00:00,$50.00,a@x.org,,Agency One,ACME',
      'w-2,2026-03-10 12:05:00,"1,250.00",b@x.org,,Agency One,acme',
      'w-2,2026-03-10 12:10:00,(5.00),b@x.org,,,',
    ];
    // The second 'agency' column holds the code: picked as 'agency#2'.
    const mapping = { ...WINRED_MAPPING, codes: ['agency#2'] };
    for (const [what, end] of [
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['CR', '\r'],
    ] as const) {
      const response = await importResults(app, admin, [header, ...rows].join(end) + end, 'goa-victory', mapping);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(201);
      expect(response.json(), what).toMatchObject({ rows: 2, reversals: 1 });
    }
    expect(await summaryOf(app, member)).toMatchObject({ contributions: 2, grossCents: 130_000, refundedCents: 500 });
    const importsBefore = (await database.db.execute(sql`SELECT count(*)::int AS n FROM result_imports`)).rows[0];

    const refusals: [string, string, string | RegExp, Record<string, unknown>?][] = [
      [
        'a lone CR',
        [header, rows[0], 'w-9,2026-03-10 12:00:00,5,c@x.org,\rx,,', rows[1]].join('\n'),
        /^Line 3: a carriage return \(CR\) inside a field that is not quoted/,
        { line: 3 },
      ],
      [
        'a row with more fields',
        [header, rows[0], `${rows[1]},extra`].join('\n'),
        'Line 3: the row has 8 fields, the header has 7: every row must have as many fields as the header.',
      ],
      [
        'a row with fewer fields',
        [header, 'w-1,2026-03-10 12:00:00,5'].join('\n'),
        'Line 2: the row has 3 fields, the header has 7: every row must have as many fields as the header.',
      ],
      ['a header alone', `${header}\n`, 'The file has no rows'],
      ['a header alone, CR', `${header}\r`, 'The file has no rows'],
      [
        'year 9999',
        [header, 'w-1,9999-12-31 23:00:00,5,a@x.org,,,'].join('\n'),
        "Line 2, column 'Date': this date is not between the years 1900 and 2199 ('9999-12-31 23:00:00')",
      ],
      [
        'year 1',
        [header, 'w-1,0001-01-01T00:00:00Z,5,a@x.org,,,'].join('\n'),
        "Line 2, column 'Date': this date is not between the years 1900 and 2199 ('0001-01-01T00:00:00Z')",
      ],
      [
        'an amount too large',
        [header, 'w-1,2026-03-10 12:00:00,"$10,000,000.01",a@x.org,,,'].join('\n'),
        "Line 2, column 'Gross Amount': an amount above $10,000,000.00 ('$10,000,000.01')",
      ],
      [
        'two gifts of one id',
        [header, rows[0], rows[1], rows[0]].join('\n'),
        /^Lines 2 and 4 have the same id \('w-1'\)/,
        { lines: [2, 4] },
      ],
    ];
    for (const [what, csv, message, extra] of refusals) {
      const response = await importResults(app, admin, csv, 'goa-victory', mapping);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().message, what).toMatch(message);
      if (extra) expect(response.json(), what).toMatchObject(extra);
    }
    const wide = await importResults(
      app,
      admin,
      [header, rows[0] + ','.repeat(50_000)].join('\n'),
      'goa-victory',
      mapping,
    );
    expect([wide.statusCode, wide.json().message]).toEqual([
      400,
      'Line 2: the row has 50007 fields, the header has 7: every row must have as many fields as the header.',
    ]);
    expect((await database.db.execute(sql`SELECT count(*)::int AS n FROM result_imports`)).rows[0]).toEqual(
      importsBefore,
    );
  },
);
