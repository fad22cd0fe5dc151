import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { ACTBLUE_EXPORT_COLUMNS } from '#shared/results/actblue-export-columns';
import { PG_BIN, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { median } from './load';
import { addVendors, consolidatedSend, postJson, registerAdmin, type AuthHeader } from './seed';
import { rssOf } from './send-fanout';
import { startServer, type RunningServer } from '#server/testing/server-process';

const VENDOR_COUNT = 20;
export const ADMIN = 'bench@agency.test';
const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, i) => `rv${String(i).padStart(2, '0')}`);

export function rowsOption(): number {
  const at = process.argv.indexOf('--rows');
  const rows = at >= 0 ? Number(process.argv[at + 1]) : 1_000_000;
  if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows takes a whole number');
  return rows;
}

/** New York wall time (EST, UTC-5: the run's weeks are in winter time) as ActBlue writes it. */
const eastern = (ms: number) => new Date(ms - 5 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** Where each of ActBlue's columns is in its export. */
const ACTBLUE_AT = new Map<string, number>(ACTBLUE_EXPORT_COLUMNS.map((name, i) => [name, i]));

/**
 * An ActBlue export of `rows` contributions with the export's 101 columns (those a real export fills filled, the rest
 * empty), written in chunks (never whole in memory): the vendors' refcodes (20 by default), 3 % unknown codes, 5 %
 * refunds, 10 % later payments of recurring gifts, dated over the `days` (40) after `start`.
 */
export async function writeActBlueFile(
  path: string,
  rows: number,
  start: number,
  { codes = vendorIds, days = 40 }: { codes?: readonly string[]; days?: number } = {},
): Promise<void> {
  const blank = ACTBLUE_EXPORT_COLUMNS.map(() => '');
  await writeCsv(path, ACTBLUE_EXPORT_COLUMNS.join(','), rows, (i) => {
    const at = start + 60_000 + Math.floor((i * days * 86_400_000) / rows);
    const isLater = i % 10 === 3;
    const isRefund = i % 20 === 7;
    const code = i % 100 < 3 ? `unknown${i % 7}` : codes[i % codes.length]!;
    const cents = 500 + ((i * 7919) % 20000);
    const values: Record<string, string> = {
      'Receipt ID': `AB${Math.floor(i / 2)}`,
      Date: eastern(at),
      Amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      'Recurring Total Months': isLater ? '12' : '',
      'Recurrence Number': isLater ? String(2 + (i % 5)) : '',
      Recipient: 'GOA Victory',
      'Fundraising Page': `https://secure.actblue.com/donate/goa?refcode=${code}`,
      'Reference Code': code,
      'Donor First Name': 'Pat',
      'Donor Last Name': 'Doe',
      'Donor Addr1': `${100 + (i % 900)} Main St`,
      'Donor City': 'New York',
      'Donor State': 'NY',
      'Donor ZIP': '10001',
      'Donor Country': 'United States',
      'Donor Occupation': 'Teacher',
      'Donor Employer': 'Public Schools',
      'Donor Email': `donor${i % 350_000}@example.org`,
      'Donor Phone': '2125550100',
      'New Express Signup': 'f',
      'Donor ID': String(900_000 + (i % 350_000)),
      'Lineitem ID': `LI${i}`,
      'Recipient Committee': 'GOA Victory',
      'Recipient ID': '12345',
      'Payment ID': String(650_000 + Math.floor(i / 1000)),
      'Payment Date': eastern(at + 7 * 86_400_000),
      'Refund ID': isRefund ? `RF${i}` : '',
      'Refund Date': isRefund ? eastern(at + 86_400_000) : '',
      Fee: '0.99',
      'ActBlue Express Lane': 'f',
      'Card Type': 'visa',
      Mobile: i % 2 === 0 ? 't' : 'f',
      'Apple Pay': 'f',
      'ActBlue Express Donor': 'f',
      'Text Message Opt In': 'unknown',
      'Recurring Type': isLater ? 'monthly' : '',
      'Recurring Pledged': isLater ? '12' : '1',
      Paypal: 'f',
      Kind: 'page',
    };
    const fields = [...blank];
    for (const [name, value] of Object.entries(values)) fields[ACTBLUE_AT.get(name)!] = value;
    return fields.join(',');
  });
}

/** A CSV file of a header and `rows` lines, written in chunks of about 1 MB (never whole in memory). */
async function writeCsv(path: string, header: string, rows: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  let chunk = `${header}\n`;
  for (let i = 0; i < rows; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** The WinRed-like file's header (duplicate 'agency' columns at the far right, as WinRed writes them) and mapping. */
const WINRED_HEADER = 'Transaction ID,Date,Gross Amount,Email,Source Code,Page URL,First Name,Last Name,agency,agency';
export const WINRED_MAPPING = {
  id: 'Transaction ID',
  date: 'Date',
  amount: 'Gross Amount',
  email: 'Email',
  codes: ['Source Code', 'agency#2'],
  landingUrl: 'Page URL',
};

/**
 * A WinRed-like export of `rows` rows, written in chunks: the vendors' source codes, amounts as '$1,234.56', and 5 %
 * reversal rows (every 20th row: a negative amount on the id of a gift ten rows before, a day later, the gift's whole
 * amount or a part of it), dated over the `days` (40) after `start`.
 */
export async function writeWinRedFile(path: string, rows: number, start: number, days = 40): Promise<void> {
  const dollars = (cents: number) =>
    `"${cents < 0 ? '-' : ''}$${Math.floor(Math.abs(cents) / 100).toLocaleString('en-US')}.${String(Math.abs(cents) % 100).padStart(2, '0')}"`;
  const giftCents = (i: number) => 500 + ((i * 7919) % 2_000_000);
  await writeCsv(path, WINRED_HEADER, rows, (i) => {
    const isReversal = i % 20 === 19;
    const gift = isReversal ? i - 10 : i;
    const at = start + 60_000 + Math.floor((gift * days * 86_400_000) / rows) + (isReversal ? 86_400_000 : 0);
    const code = gift % 100 < 3 ? `unknown${gift % 7}` : vendorIds[gift % vendorIds.length]!;
    const cents = isReversal ? -(gift % 2 === 0 ? giftCents(gift) : Math.ceil(giftCents(gift) / 3)) : giftCents(gift);
    return [
      `WR${gift}`,
      new Date(at).toISOString().replace('.000Z', 'Z'),
      dollars(cents),
      `donor${gift % 350_000}@example.org`,
      code,
      `https://secure.winred.com/goa/donate?utm_source=${code}`,
      'Pat',
      'Doe',
      'Agency A',
      '',
    ].join(',');
  });
}

/** PostgreSQL's own COPY … FROM STDIN of the file into a bare table of text columns (psql's \copy), in ms. */
function copyBaseline(url: string, path: string): number {
  const psql = join(PG_BIN, 'psql');
  const columns = ACTBLUE_EXPORT_COLUMNS.map((_, i) => `c${i} text`).join(', ');
  execFileSync(psql, [url, '-q', '-c', `CREATE TABLE bare (${columns})`]);
  const started = performance.now();
  execFileSync(psql, [url, '-q', '-c', `\\copy bare FROM '${path}' WITH (FORMAT csv, HEADER true)`]);
  return performance.now() - started;
}

/**
 * What PostgreSQL alone needs to write the rows an import stored: COPY of them, already typed and in key order, into an
 * empty copy of contributions with its indexes, in ms. No import that writes them can be faster.
 */
function typedCopyFloor(url: string, dir: string): number {
  const psql = join(PG_BIN, 'psql');
  const typed = join(dir, 'contributions.txt');
  execFileSync(psql, [
    url,
    '-q',
    '-c',
    `\\copy (SELECT * FROM contributions ORDER BY client_slug, source_id) TO '${typed}'`,
  ]);
  execFileSync(psql, [url, '-q', '-c', 'CREATE TABLE floor_contributions (LIKE contributions INCLUDING ALL)']);
  const started = performance.now();
  execFileSync(psql, [url, '-q', '-c', `\\copy floor_contributions FROM '${typed}'`]);
  const ms = performance.now() - started;
  execFileSync(psql, [url, '-q', '-c', 'DROP TABLE floor_contributions']);
  rmSync(typed, { force: true });
  return ms;
}

/** The CPU time (user + system) these processes have used, in ms (Linux's /proc, in ticks of 10 ms). */
function cpuMsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone since it was listed.
    }
  }
  return ticks * 10;
}

/** The processes of the PostgreSQL cluster on `port`: its postmaster and its children (the backends among them). */
function clusterPids(port: number): number[] {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  const postmaster = pids.find((pid) => read(`/proc/${pid}/cmdline`).split('\0').join(' ').includes(`-p ${port} `));
  if (postmaster === undefined) return [];
  return [
    postmaster,
    ...pids.filter((pid) => read(`/proc/${pid}/stat`).split(') ')[1]?.split(' ')[1] === String(postmaster)),
  ];
}

/** The admin, the vendors (20 by default) and `sends` sends to all of them for the client; the admin's header. */
export async function seed(server: RunningServer, ids: readonly string[] = vendorIds, sends = 1): Promise<AuthHeader> {
  const auth = await registerAdmin(server, ADMIN);
  await addVendors(server, auth, ids, (vendorId) => ({
    name: `Vendor ${vendorId}`,
    emails: [`${vendorId}@vendors.test`],
    defaultUtmSource: vendorId,
  }));
  for (let i = 0; i < sends; i++) {
    await postJson(
      server,
      '/api/send-email-consolidated',
      consolidatedSend(ids, { htmlContent: '<p>Bench</p>' }),
      auth,
    );
  }
  return auth;
}

/** Streams the file to the import route (a real HTTP upload); the answer and the time, in ms. */
export async function upload(server: RunningServer, auth: Record<string, string>, path: string, mapping?: object) {
  const started = performance.now();
  const query = new URLSearchParams({
    client: 'goa-victory',
    ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
  });
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${server.url}/api/results/imports?${query}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'content-length': String(statSync(path).size) },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    pipeline(createReadStream(path), req).catch(reject);
  });
  const ms = performance.now() - started;
  if (answer.status !== 201) throw new Error(`import: ${answer.status} ${answer.body}`);
  return { ms, counts: JSON.parse(answer.body) as Record<string, number> };
}

/** GET `path` 30 times in turn, each answer read whole: p95 and median in ms, and the first request's time. */
export async function getTimes(server: RunningServer, auth: Record<string, string>, path: string) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers: auth });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.json();
    times.push(performance.now() - started);
  }
  const first = times[0]!;
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1]!, median: median(times), first };
}

/**
 * A generated ActBlue file imported through POST /api/results/imports on a real server process, against PostgreSQL's
 * own COPY … FROM STDIN of the same file into a bare table of text columns; the server's peak RSS; the summary's p95.
 * The same import on the embedded database, reported. `--rows N` for a quick run (default 1,000,000);
 * `--postgres-only` skips the embedded database.
 * BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server processes.
 */
export async function benchResultsImport() {
  const rows = rowsOption();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-results-'));
  const file = join(dir, 'actblue.csv');
  const nodeArgs = [
    '--max-semi-space-size=4',
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const cluster = await startPostgresCluster();
  const lines: string[] = [];
  try {
    const start = Date.now();
    await writeActBlueFile(file, rows, start);
    const winRedFile = join(dir, 'winred.csv');
    await writeWinRedFile(winRedFile, rows, start);
    const size = statSync(file).size;
    lines.push(`file: ${rows.toLocaleString('en-US')} rows, ${(size / 1024 / 1024).toFixed(0)} MB`);
    const from = new Date(start - 5 * 3_600_000).toISOString().slice(0, 10);
    const to = new Date(start + 41 * 86_400_000).toISOString().slice(0, 10);

    const copyMs = copyBaseline(cluster.url, file);
    const copyRate = rows / (copyMs / 1000);
    lines.push(
      `PostgreSQL COPY FROM STDIN (psql \\copy) into text columns: ${copyMs.toFixed(0)} ms, ${copyRate.toFixed(0)} rows/s`,
    );

    const only = process.argv.includes('--postgres-only');
    let floorMs = 0;
    for (const kind of only ? (['postgres'] as const) : (['postgres', 'pglite'] as const)) {
      const env: Record<string, string> = { ADMIN_EMAILS: ADMIN, SECRET_KEY: 'b'.repeat(40) };
      if (kind === 'postgres') env.DATABASE_URL = cluster.url;
      const server = await startServer(env, { nodeArgs });
      try {
        const auth = await seed(server);
        const rssBefore = rssOf(server.pid);
        let peak = rssBefore;
        const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
        const database = kind === 'postgres' ? clusterPids(cluster.port) : [];
        const cpuBefore = { server: cpuMsOf([server.pid]), database: cpuMsOf(database) };
        let imported: Awaited<ReturnType<typeof upload>>;
        try {
          imported = await upload(server, auth, file);
        } finally {
          clearInterval(sampler);
        }
        const cpu = {
          server: cpuMsOf([server.pid]) - cpuBefore.server,
          database: cpuMsOf(database) - cpuBefore.database,
        };
        const rate = rows / (imported.ms / 1000);
        // The WinRed-like file (5 % reversal rows) into the same client after it, its own peak.
        let winRedPeak = rssOf(server.pid);
        const winRedSampler = setInterval(() => (winRedPeak = Math.max(winRedPeak, rssOf(server.pid))), 20);
        let winRed: Awaited<ReturnType<typeof upload>>;
        try {
          winRed = await upload(server, auth, winRedFile, WINRED_MAPPING);
        } finally {
          clearInterval(winRedSampler);
        }
        const winRedRate = rows / (winRed.ms / 1000);
        const winRedLines = [
          `  then a WinRed-like file of ${rows.toLocaleString('en-US')} rows (${(statSync(winRedFile).size / 1024 / 1024).toFixed(0)} MB; 5 % reversal rows, '$1,234.56' amounts, two 'agency' columns) through a mapping: ${winRed.ms.toFixed(0)} ms, ${winRedRate.toFixed(0)} rows/s, ratio to COPY ${(winRedRate / copyRate).toFixed(2)}, server RSS peak ${(winRedPeak / 1024 / 1024).toFixed(0)} MB`,
          `  counts ${JSON.stringify(winRed.counts)}`,
        ];
        const summary = await getTimes(server, auth, `/api/results/summary?client=goa-victory&from=${from}&to=${to}`);
        const name = kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)';
        lines.push(
          `${name} import through the route: ${imported.ms.toFixed(0)} ms, ${rate.toFixed(0)} rows/s, ratio to COPY ${(rate / copyRate).toFixed(2)}${kind === 'postgres' ? '' : ' (reported)'}`,
          `  counts ${JSON.stringify(imported.counts)}`,
          `  CPU (user + system) during it: the server ${cpu.server} ms (reading threads included)${kind === 'postgres' ? `, PostgreSQL ${cpu.database} ms` : ''}`,
          `  server RSS ${(rssBefore / 1024 / 1024).toFixed(0)} MB before, peak ${(peak / 1024 / 1024).toFixed(0)} MB during the import (goal <= 300 MB)`,
          ...winRedLines,
          `  GET /api/results/summary over all ${(rows * 2).toLocaleString('en-US')} rows: p95 ${summary.p95.toFixed(0)} ms, median ${summary.median.toFixed(0)} ms (goal p95 <= 200 ms); the first of 30 (counted, then kept until contributions or vendors change) ${summary.first.toFixed(0)} ms`,
        );
        if (kind === 'pglite' && floorMs > 0) {
          lines.push(`  the import took ${(imported.ms / floorMs).toFixed(1)}× PostgreSQL's floor (reported)`);
        }
        if (kind === 'postgres') {
          floorMs = typedCopyFloor(cluster.url, dir);
          lines.push(
            `  the database alone: COPY of the stored rows, typed and in key order, into an empty copy of contributions with its indexes: ${floorMs.toFixed(0)} ms, ratio to COPY ${(copyMs / floorMs).toFixed(2)} (no import that writes them is faster)`,
            `  the import took ${(imported.ms / floorMs).toFixed(1)}× the database's own floor (goal <= 5×)`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: `an ActBlue file of ${rows.toLocaleString('en-US')} rows through POST /api/results/imports`, lines };
}
