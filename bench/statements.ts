import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newYorkMonth, nextMonth } from '#shared/payouts/month';
import { newYorkDate } from '#shared/rules/new-york-time';
import { startServer } from '#server/testing/server-process';
import { PG_BIN, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { ADMIN, getTimes, rowsOption, seed, upload, writeActBlueFile } from './results-import';

const VENDOR_COUNT = 50;
const DAYS = 365;
/** Two a month over the year, each to every vendor: 1,200 vendor messages (a user may make 30 sends in 10 minutes). */
const SEND_COUNT = 24;
const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, i) => `sv${String(i).padStart(2, '0')}`);

/** The SQL that moves the bench's sends back over the year, the first on `start`, in the order they were made. */
const backdating = (start: number) => `
  UPDATE email_logs l SET sent_at = to_timestamp(${start / 1000} + (n.rank - 1) * ${(DAYS * 86_400) / SEND_COUNT})
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rank FROM email_logs) n
   WHERE n.id = l.id`;

/**
 * Item 9 of issue 24: the results benchmark's generated ActBlue file (1,000,000 contributions by default, `--rows N`)
 * over 50 vendors and 12 months, attributed to 24 sends spread over the year (moved back in time by SQL before the
 * import); then p95 of one vendor's month statement (GET /api/statements) and of the performance screen's data
 * (GET /api/vendor-performance over the year and over the default 90 days; Select Vendors' cached request), on
 * PostgreSQL and on the embedded database. `--postgres-only` or `--embedded-only` runs one of them.
 */
/** Finalizes every vendor's statements of the months from `first` up to `month` (excluded): the books the overview reads. */
async function finalizeMonthsBefore(
  server: { url: string },
  auth: Record<string, string>,
  first: string,
  month: string,
): Promise<number> {
  let count = 0;
  for (let each = first; each < month; each = nextMonth(each)) {
    for (const vendorId of vendorIds) {
      const response = await fetch(`${server.url}/api/statements/${vendorId}/${each}/finalize`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) throw new Error(`finalize ${vendorId} ${each}: ${response.status} ${await response.text()}`);
      count += 1;
    }
  }
  return count;
}

export async function benchStatements() {
  const rows = rowsOption();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-statements-'));
  const file = join(dir, 'actblue.csv');
  const cluster = await startPostgresCluster();
  const lines: string[] = [];
  try {
    const start = Date.now() - DAYS * 86_400_000;
    await writeActBlueFile(file, rows, start, { codes: vendorIds, days: DAYS });
    lines.push(
      `${rows.toLocaleString('en-US')} contributions, ${VENDOR_COUNT} vendors, ${SEND_COUNT} sends over 12 months`,
    );
    const from = newYorkDate(new Date(start));
    const to = newYorkDate(new Date());
    // A month in the middle of the year: two sends of the vendor.
    const month = newYorkMonth(new Date(start + 180 * 86_400_000));
    const paths = {
      statement: `/api/statements?vendorId=${vendorIds[7]}&month=${month}`,
      // The month at a glance (issue 34): every vendor, with the months before finalized (adjustments read for all).
      overview: `/api/statements?month=${month}`,
      performance: `/api/vendor-performance?client=goa-victory&from=${from}&to=${to}`,
      '90 days': `/api/vendor-performance?client=goa-victory`,
      // Select Vendors' request: kept in the read cache after the first.
      'Select Vendors': `/api/vendor-performance/recent?client=goa-victory`,
    };
    const kinds = process.argv.includes('--postgres-only')
      ? (['postgres'] as const)
      : process.argv.includes('--embedded-only')
        ? (['pglite'] as const)
        : (['postgres', 'pglite'] as const);
    for (const kind of kinds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-statements-server-'));
      const env: Record<string, string> = { ADMIN_EMAILS: ADMIN, SECRET_KEY: 'b'.repeat(40), DATA_DIR: dataDir };
      if (kind === 'postgres') env.DATABASE_URL = cluster.url;
      let server = await startServer(env);
      try {
        const auth = await seed(server, vendorIds, SEND_COUNT);
        if (kind === 'postgres') {
          execFileSync(join(PG_BIN, 'psql'), [cluster.url, '-q', '-c', backdating(start)]);
        } else {
          // The embedded database is the server's alone while it runs: moved back with the server stopped.
          await server.stop();
          const db = new PGlite(join(dataDir, 'db'));
          await db.exec(backdating(start));
          await db.close();
          server = await startServer(env);
        }
        const imported = await upload(server, auth, file);
        const name = kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)';
        lines.push(`${name}: import ${imported.ms.toFixed(0)} ms, counts ${JSON.stringify(imported.counts)}`);
        const finalized = await finalizeMonthsBefore(server, auth, newYorkMonth(new Date(start)), month);
        lines.push(`  ${finalized} statements finalized (every vendor, every month before ${month})`);
        for (const [label, path] of Object.entries(paths)) {
          const times = await getTimes(server, auth, path);
          lines.push(
            `  GET ${path} (${label}): p95 ${times.p95.toFixed(0)} ms, median ${times.median.toFixed(0)} ms${kind === 'postgres' ? ' (goal p95 <= 200 ms)' : ''}`,
          );
        }
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: `statements and vendor performance over ${rows.toLocaleString('en-US')} contributions`, lines };
}
