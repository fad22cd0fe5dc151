#!/usr/bin/env node
// Browser tests drive Debian's Chromium; install it when it is missing (root only), or say exactly what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y --no-install-recommends chromium`,
  );
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests...');
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error(
    'Could not install chromium with apt-get. Install it by hand: apt-get install -y --no-install-recommends chromium',
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
