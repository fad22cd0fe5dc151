import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5391);
export const E2E_ADMIN = 'admin@agency.test';

// The config is loaded by the runner and by each worker; only the runner's folder is used by the server.
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'dispatch-e2e-')));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node --import tsx src/server/main.ts',
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
    },
  },
});
