import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect } from 'vitest';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { captureLogs } from '#server/testing/log-capture';
import { useCompiledThreads } from '#server/testing/compiled-threads';
import { allSettled, deliveryTest, RESTART_TIMEOUT_MS } from '#server/testing/delivery-fixtures';
import { eventually, FAST_DELIVERY, VENDORS } from '#server/testing/send-fixtures';
import { overrideThreadEntry, type ThreadPart } from './own-threads';
import { projectRoot } from './paths';

/**
 * A thread of the server's own that cannot start (decision 0070): its TypeScript source without a loader, so it fails
 * with the error the issue saw on Node.js 20 under tsx ('Unknown file extension ".ts"').
 */
const cannotLoad = (source: string) => ({
  file: join(projectRoot, source),
  execArgv: ['--no-experimental-strip-types'],
});

const broken: ThreadPart[] = [];
const breakThreads = (part: ThreadPart, source: string) => {
  broken.push(part);
  overrideThreadEntry(part, cannotLoad(source));
};
afterEach(() => {
  for (const part of broken.splice(0)) useCompiledThreads(part);
});

/** The app's log kept, held messages probed for every 200 ms; `errorsLogged` reads the error lines. */
const it = deliveryTest
  .extend('logCapture', () => captureLogs())
  .extend('appDeps', ({ logCapture }) => ({
    delivery: { ...FAST_DELIVERY, probeIntervalMs: 200 },
    logger: { level: 'info', stream: logCapture.stream },
  }))
  .extend(
    'errorsLogged',
    ({ logCapture }) =>
      () =>
        logCapture.entries().filter((entry) => entry.level === 50),
  )
  .extend(
    'get',
    ({ app }) =>
      (url: string) =>
        app.inject({ method: 'GET', url }),
  );

describe('a thread of the server that cannot start', () => {
  it(
    'SMTP: logs why, keeps the messages in the queue (not uncertain), /api/ready names the SMTP threads; once they start, the messages go out',
    async ({ app, send, logs: logsOf, get, smtp, errorsLogged }) => {
      breakThreads('mailThreads', 'src/server/mail/smtp-thread-main.ts');
      const response = await send(app);
      expect(response.json()).toMatchObject({ mailed: 0, pending: VENDORS.length, uncertain: 0 });
      const [held] = await logsOf(app);
      // Back in the queue, tried again after its (short) back-off, or at once when the mail part answers: not 'uncertain'.
      expect(held!.deliveries.map(({ status, error }) => ({ status, error }))).toEqual(
        VENDORS.map(() => ({
          status: 'pending',
          error: expect.stringMatching(
            /^An SMTP thread could not start: Unknown file extension "\.ts".*: the message was not handed to the mail server$/,
          ),
        })),
      );
      expect(smtp.received).toEqual([]);
      const [logged] = errorsLogged();
      expect(logged).toMatchObject({
        part: 'mailThreads',
        msg: expect.stringMatching(
          /^An SMTP thread could not start: Unknown file extension "\.ts" for .*smtp-thread-main\.ts/,
        ),
        err: { type: 'ThreadStartError' },
      });

      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      // The other parts only as the machine allows (a thread's start under tsx can pass the check's 5 s at load 20).
      expect(ready.json()).toMatchObject({
        message: expect.stringMatching(/^Not ready: .*the SMTP threads failed/),
        checks: { database: 'ok', store: 'ok', mailThreads: 'failing' },
      });
      expect(ready.json().checks).not.toHaveProperty('mail');

      // The threads start again (a repaired deploy): the held messages go out, each once.
      useCompiledThreads('mailThreads');
      const [entry] = await eventually(() => logsOf(app), allSettled, 20_000);
      expect(entry!.deliveries.map(({ status }) => status)).toEqual(VENDORS.map(() => 'sent'));
      expect(smtp.received).toHaveLength(VENDORS.length);
      const checksNow = async () => (await get('/api/ready')).json().checks as Record<string, string>;
      await expect.poll(async () => (await checksNow()).mail, { timeout: 30_000 }).toBe('ok');
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    'results: logs why, refuses the import with 503 and keeps nothing, /api/ready names the reading threads',
    async ({ app, admin, get, database, errorsLogged }) => {
      breakThreads('readingThreads', 'src/server/modules/results/read-thread-main.ts');
      // A file of several parts (and below, one of a single row: every file is read in the threads).
      const rows = Array.from({ length: 4_000 }, (_, i) => ({
        'Lineitem ID': `L${i}`,
        Date: '2026-03-11 10:00:00',
        Amount: '5.00',
        'Reference Code': 'acme',
        'Donor Email': `d${i}@x.org`,
      }));
      const response = await importResults(app, admin, actBlueCsv(rows));
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(
        /^A results file's reading thread could not start: Unknown file extension "\.ts".*The file was not imported/,
      );
      const counted = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM contributions`);
      expect(counted.rows[0]!.n).toBe(0);
      expect(errorsLogged()).toEqual([
        expect.objectContaining({
          part: 'readingThreads',
          msg: expect.stringMatching(/^A results file's reading thread could not start: Unknown file extension "\.ts"/),
        }),
      ]);
      const small = await importResults(app, admin, actBlueCsv(rows.slice(0, 1)));
      expect(small.statusCode).toBe(503);
      expect(small.json().message).toMatch(/^A results file's reading thread could not start/);

      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        message: expect.stringMatching(/^Not ready: the results reading threads (failed|and)/),
        checks: { database: 'ok', store: 'ok', readingThreads: 'failing' },
      });
      useCompiledThreads('readingThreads');
      await expect
        .poll(async () => (await get('/api/ready')).json().checks.readingThreads, { timeout: 30_000 })
        .toBe('ok');
    },
    RESTART_TIMEOUT_MS,
  );
});
