#!/usr/bin/env node
// Proves the compiled build runs as deployed: package.json, package-lock.json, dist/ and drizzle/ copied to an empty
// folder, `npm ci --omit=dev` there (no build tools, no TypeScript loader), then `node dist/server/main.js` must answer
// /api/health, /api/ready (which asks a local SMTP server from the compiled SMTP thread), the app page and a results
// import (read in the compiled reading thread), log JSON lines, and exit 0 on SIGTERM. Run after `npm run build`.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.mjs';

const checks = [];
const check = (name, isOk, detail = '') => {
  checks.push({ name, isOk });
  console.log(`${isOk ? 'ok' : 'FAILED'}: ${name}${detail && !isOk ? ` (${detail})` : ''}`);
};

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'dispatch-built-'));
let child;
// The mail server readiness asks (EHLO on a connection of its own): the server sends from dist/server/smtp-thread.js.
let greeted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect: (_session, callback) => {
    greeted++;
    callback();
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
try {
  for (const path of ['package.json', 'package-lock.json', 'dist', 'drizzle'])
    cpSync(path, join(dir, path), { recursive: true });
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 5 * 60_000,
    },
  );
  check(
    'npm ci --omit=dev installs no build or test tool',
    !['vite', 'tsx', 'esbuild', 'vitest', 'react'].some((name) => existsSync(join(dir, 'node_modules', name))),
  );

  const port = await freePort();
  let output = '';
  child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      MAIL_TRANSPORT: 'smtp',
      ADMIN_EMAILS: 'admin@agency.test',
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}?ignoreTLS=true`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  const base = `http://127.0.0.1:${port}`;
  let health;
  for (let tries = 0; tries < 120 && !health; tries++) {
    health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (!health) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  check('GET /api/health answers 200', health?.status === 200, output);
  const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
  check(
    'GET /api/ready answers 200, the mail server asked from an SMTP thread',
    ready?.status === 200 && greeted > 0,
    ready ? `${await ready.text()}; SMTP connections: ${greeted}` : 'no answer',
  );
  const page = await fetch(`${base}/`).catch(() => undefined);
  check('the app page is served', page?.status === 200 && (await page.text()).includes('<div id="root">'));
  const imported = await importAsAdmin(base, output);
  check(
    'a results file imports, read by dist/server/results-reader.js',
    imported.status === 201 && imported.rows === 12_000,
    JSON.stringify(imported),
  );

  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('no exit'), 30_000))]);
  check('SIGTERM: exits 0', code === 0, `exit ${code}`);
  const lines = output.trim().split('\n');
  const isJson = (line) => {
    try {
      return typeof JSON.parse(line).msg === 'string';
    } catch {
      return false;
    }
  };
  check(
    'every output line is a JSON log line',
    lines.every(isJson),
    lines.find((line) => !isJson(line)),
  );
} catch (error) {
  check('the built copy installs and starts', false, error.message);
} finally {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => smtp.close(resolve));
}

/** Registers the first admin from the setup link the server logged, and imports an ActBlue file of 12,000 rows. */
async function importAsAdmin(base, log) {
  const line = log.split('\n').find((entry) => entry.includes('"setup link"'));
  if (!line) return { status: 'no setup link logged' };
  const invite = new URL(JSON.parse(line).setupUrl).searchParams.get('invite');
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@agency.test', password: 'built copy password 1', invite }),
  });
  const { token } = await registered.json();
  // Over 256 KB: more than one part, so the reading threads start.
  const rows = Array.from({ length: 12_000 }, (_, i) => `AB${i},2026-03-11 10:00:00,5.00,acme,d${i}@x.org,L${i}`);
  const csv = `Receipt ID,Date,Amount,Reference Code,Donor Email,Lineitem ID\n${rows.join('\n')}\n`;
  const response = await fetch(`${base}/api/results/imports?client=goa-victory`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const answer = await response.json();
  return { status: response.status, rows: answer.rows, message: answer.message };
}

const failed = checks.filter((entry) => !entry.isOk).length;
console.log(`built copy: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
