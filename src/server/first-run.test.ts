import { describe, expect, inject, it } from 'vitest';
import { startServer } from './testing/server-process';
import { temporaryDataDir } from './testing/send-fixtures';
import { ADMIN_EMAIL } from './testing/test-app';

const SETUP_LINK = /^ {2}(http:\/\/localhost:\d+\/auth\?invite=[\w-]{43})$/;

/** A first start with ADMIN_EMAILS, its output as a person or a log collector gets it, and its setup link working. */
async function firstStart(env: Record<string, string>, options: { terminal: boolean; isDatabaseMade?: boolean }) {
  const data = temporaryDataDir();
  const { isDatabaseMade = false, ...startOptions } = options;
  const server = await startServer(
    // The server's own address default (localhost), as a first start without PUBLIC_URL has it.
    { DATA_DIR: data.dir, ADMIN_EMAILS: ADMIN_EMAIL, PUBLIC_URL: undefined, LOG_LEVEL: 'info', ...env },
    // Its database already made (and migrated, with no account in it): what is looked at is the log's form.
    { ...startOptions, ...(isDatabaseMade ? { dataFrom: inject('migratedDataDir') } : {}) },
  );
  const lookup = async (setupUrl: string) => {
    const invite = new URL(setupUrl).searchParams.get('invite');
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/invites/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite }),
    });
    return answer.json();
  };
  return {
    server,
    lookup,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      data.remove();
    },
  };
}

// Embedded mode only: a first start here keeps its data in PGlite whatever the run, so the PostgreSQL run of the API
// tests (TEST_DATABASE_URL) would only repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)('the first run', () => {
  it('on a terminal prints the address and the setup link as plain lines a person can click', async () => {
    const run = await firstStart({}, { terminal: true });
    try {
      const running = await run.server.line(
        (line) => typeof line.notJson === 'string' && line.notJson.startsWith('Dispatch is running on'),
        120_000,
      );
      expect(running.notJson).toBe(
        `Dispatch is running on http://localhost:${run.server.port} (listening on http://127.0.0.1:${run.server.port})`,
      );
      const link = await run.server.line((line) => SETUP_LINK.test(String(line.notJson)));
      const text = run.server.output();
      expect(text).toContain(
        `Set up the admin account of ${ADMIN_EMAIL}: open this link (it works once, for 24 hours):`,
      );
      expect(text).toMatch(
        / {2}database: embedded PGlite in .+\/db\n {2}files: {4}local folder .+\/files\n {2}mail: {5}outbox folder .+\/outbox/,
      );
      expect(await run.lookup(SETUP_LINK.exec(String(link.notJson))![1]!)).toEqual({ email: ADMIN_EMAIL });
      // Not also as JSON.
      expect(
        run.server.lines.filter(
          (line) => line.msg === 'setup link' || String(line.msg).startsWith('Dispatch is running'),
        ),
      ).toEqual([]);
    } finally {
      await run.stop();
    }
  }, 180_000);

  // The first start that creates the database is the one above; these two start on a made one with no account yet.
  const jsonRuns: [string, Record<string, string>, { terminal: boolean; isDatabaseMade: boolean }][] = [
    ['not on a terminal', {}, { terminal: false, isDatabaseMade: true }],
    ['on a terminal with LOG_FORMAT=json', { LOG_FORMAT: 'json' }, { terminal: true, isDatabaseMade: true }],
  ];
  it.for(jsonRuns)(
    '%s logs JSON lines only, the setup link in one of them',
    { timeout: 180_000 },
    async ([, env, options]) => {
      const run = await firstStart(env, options);
      try {
        const running = await run.server.line((line) => String(line.msg).startsWith('Dispatch is running on'), 120_000);
        expect(running).toMatchObject({
          level: 30,
          msg: `Dispatch is running on http://localhost:${run.server.port}`,
          address: `http://127.0.0.1:${run.server.port}`,
        });
        const setup = await run.server.line((line) => line.msg === 'setup link');
        expect(setup).toMatchObject({
          level: 40,
          email: ADMIN_EMAIL,
          setupUrl: expect.stringMatching(/^http:\/\/localhost:\d+\/auth\?invite=/),
        });
        expect(await run.lookup(String(setup.setupUrl))).toEqual({ email: ADMIN_EMAIL });
        expect(run.server.lines.filter((line) => 'notJson' in line)).toEqual([]);
      } finally {
        await run.stop();
      }
    },
  );
});
