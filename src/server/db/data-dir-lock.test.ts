import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('takes the lock and gives it back', () => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-lock-'));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses while another live process holds it, and takes over from a dead one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(`Another Dispatch server (pid ${other.pid}) is using ${dir}`);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
