import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5391);
export const E2E_ADMIN = 'admin@agency.test';
/** The fake Google (src/server/testing/fake-google.ts) that the app's GOOGLE_* URLs point at. */
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 5392);
const fakeGoogleUrl = `http://127.0.0.1:${E2E_GOOGLE_PORT}`;

// The config is loaded by the runner and by each worker; the runner makes the folders, and the workers inherit them.
// One migrated DATA_DIR for the run (kept in node_modules/.cache, pglite-snapshot-cache.ts): the main server starts on a
// copy of it, and so does every server a spec starts of its own (e2e/own-server.ts), instead of each creating and
// migrating its database again (about 10 s of CPU, the first 7 s of the run for the main server).
if (!process.env.E2E_DATA_DIR) {
  const { cachedMigratedDataDir } = await import('#server/testing/pglite-snapshot-cache');
  process.env.E2E_MIGRATED_DATA_DIR = await cachedMigratedDataDir();
  const made = mkdtempSync(join(tmpdir(), 'dispatch-e2e-'));
  cpSync(process.env.E2E_MIGRATED_DATA_DIR, made, { recursive: true });
  process.env.E2E_DATA_DIR = made;
}
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Specs that run alone, after the others: the ones that show the page staying responsive or a server coming back,
 * which two browsers on two cores would slow past their waits, and reuse, whose 5-second toast on arriving at the send
 * page (drawn in parts since 0073) was gone before the check once beside another spec.
 */
const ALONE = /\/(send|reuse|results|outage)\.spec\.ts$/;
/** Specs that drive the fake Google's one account (its next sign-in and its mailbox): one at a time, beside the others. */
const GOOGLE_ACCOUNT = /\/(google|email-test)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Spec files three at a time, each file's tests in order: every spec makes its own vendors, sends and users. A
  // browser test mostly waits (on the page, the server, a toast), so three browsers on two cores finish sooner than two.
  fullyParallel: false,
  workers: 3,
  projects: [
    // First, so that its two long specs start early, one of the two workers taking them in turn.
    { name: 'one Google account', testMatch: GOOGLE_ACCOUNT, workers: 1 },
    { name: 'side by side', testIgnore: [ALONE, GOOGLE_ACCOUNT] },
    { name: 'one at a time', testMatch: ALONE, workers: 1, dependencies: ['side by side', 'one Google account'] },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // The trace of a failed test keeps its actions with their logs, the console and the network, beside the failure's
    // screenshot and the page's accessibility tree (error-context.md). Not the screencast (decision 0083) nor a DOM
    // snapshot at every action (0084): both are taken for every test whether it fails or not, and they were the busiest
    // part of the run.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (CHROMIUM_PATH), started without the omnibox's popup (the script says why).
      executablePath: fileURLToPath(new URL('./scripts/chromium-for-tests.sh', import.meta.url)),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  globalTeardown: './e2e/global-teardown.ts',
  webServer: [
    {
      command: 'node --import tsx src/server/testing/fake-google-main.ts',
      url: `${fakeGoogleUrl}/_fake/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_GOOGLE_PORT: String(E2E_GOOGLE_PORT) },
    },
    {
      // The compiled server, as it runs in production (npm test builds before the browser tests). Its log goes to a
      // file the fixtures read: the first admin's setup link is in it (e2e/fixtures.ts).
      command: `node dist/server/main.js > "${join(dataDir, 'server.log')}"`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAILS: E2E_ADMIN,
        LOG_LEVEL: 'warn',
        MAIL_TRANSPORT: 'outbox',
        // Google's redirect must come back to the origin the browser started on (the flow cookie is per origin).
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'fake-client-secret',
        GOOGLE_AUTH_URL: `${fakeGoogleUrl}/authorize`,
        GOOGLE_TOKEN_URL: `${fakeGoogleUrl}/token`,
        GOOGLE_USERINFO_URL: `${fakeGoogleUrl}/userinfo`,
        GMAIL_API_URL: fakeGoogleUrl,
      },
    },
  ],
});
