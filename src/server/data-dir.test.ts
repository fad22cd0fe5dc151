import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDataDirPrivate } from './data-dir';
import { APPROVALS, SPLITS, VENDORS, eventually, sendBodyFor, temporaryDataDir } from './testing/send-fixtures';
import { startServer } from './testing/server-process';
import { ADMIN_EMAIL, PASSWORD } from './testing/test-app';

/** Every path under `root` (itself included) with its permission bits, symbolic links left out. */
function modes(root: string): Map<string, number> {
  const found = new Map<string, number>();
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    found.set(path.slice(root.length) || '/', stats.mode & 0o777);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** What an install made with the default umask (or by hand) looks like: readable by everyone on the machine. */
function makeWorldReadable(root: string) {
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'files', 'ab'), { recursive: true, mode: 0o755 });
  chmodSync(join(root, 'files'), 0o755);
  chmodSync(join(root, 'files', 'ab'), 0o755);
  writeFileSync(join(root, 'files', 'ab', 'ab000000000000000000000000000000'), 'an old upload', { mode: 0o644 });
  chmodSync(join(root, 'files', 'ab', 'ab000000000000000000000000000000'), 0o644);
  mkdirSync(join(root, 'outbox'), { mode: 0o755 });
  chmodSync(join(root, 'outbox'), 0o755);
}

const notPrivate = (found: Map<string, number>) =>
  [...found].filter(([, mode]) => (mode & 0o077) !== 0).map(([path, mode]) => `${path} ${mode.toString(8)}`);

// Embedded mode only: the server processes here keep their data in PGlite whatever the run, so the PostgreSQL run of
// the API tests (TEST_DATABASE_URL) would only repeat them.
describe.skipIf(process.env.TEST_DATABASE_URL)('DATA_DIR is private', () => {
  it('takes group and other permissions from what is already there, and leaves what links point to alone', () => {
    const data = temporaryDataDir();
    const outside = temporaryDataDir();
    try {
      makeWorldReadable(data.dir);
      writeFileSync(join(outside.dir, 'elsewhere.txt'), 'not ours', { mode: 0o644 });
      chmodSync(join(outside.dir, 'elsewhere.txt'), 0o644);
      symlinkSync(join(outside.dir, 'elsewhere.txt'), join(data.dir, 'link'));
      writeFileSync(join(data.dir, 'read-only'), 'x', { mode: 0o444 });
      chmodSync(join(data.dir, 'read-only'), 0o444);

      makeDataDirPrivate(data.dir);
      expect(Object.fromEntries(modes(data.dir))).toEqual({
        '/': 0o700,
        '/files': 0o700,
        '/files/ab': 0o700,
        '/files/ab/ab000000000000000000000000000000': 0o600,
        '/outbox': 0o700,
        '/read-only': 0o400,
      });
      expect(statSync(join(outside.dir, 'elsewhere.txt')).mode & 0o777).toBe(0o644);
      // A DATA_DIR that is not there yet is left to be created (owner-only) by what writes to it.
      makeDataDirPrivate(join(data.dir, 'missing'));
      expect(existsSync(join(data.dir, 'missing'))).toBe(false);
    } finally {
      data.remove();
      outside.remove();
    }
  });

  it('keeps everything the server writes owner-only: database, secret, lock, files and outbox, after a send', async () => {
    const data = temporaryDataDir();
    makeWorldReadable(data.dir);
    // No SECRET_KEY: the server generates DATA_DIR/secret.key.
    const server = await startServer({
      DATA_DIR: data.dir,
      SECRET_KEY: '',
      ADMIN_EMAILS: ADMIN_EMAIL,
      LOG_LEVEL: 'info',
    });
    try {
      const running = await server.line(
        (line) => typeof line.msg === 'string' && line.msg.startsWith('Dispatch is running'),
        90_000,
      );
      const base = String(running.address);
      const call = async (path: string, body: unknown, token?: string) => {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
        return JSON.parse(text) as Record<string, unknown>;
      };
      // The first admin registers with the setup link the server logs at start-up.
      const setup = await server.line((line) => line.msg === 'setup link');
      const invite = new URL(String(setup.setupUrl)).searchParams.get('invite');
      const { token } = (await call('/api/register', { email: ADMIN_EMAIL, password: PASSWORD, invite })) as {
        token: string;
      };
      const vendor = VENDORS[0];
      await call('/api/vendors', { ...vendor, emails: [...vendor.emails] }, token);
      await call('/api/vendor-splits', { vendorId: vendor.vendorId, splitRatio: SPLITS[vendor.vendorId] }, token);
      for (const email of APPROVALS) await call('/api/approval-emails', { email }, token);
      await call('/api/send-email-consolidated', sendBodyFor([vendor.vendorId]), token);

      const found = await eventually(
        async () => modes(data.dir),
        (entries) => [...entries.keys()].some((path) => path.startsWith('/outbox/') && path.endsWith('.eml')),
      );
      for (const expected of ['/secret.key', '/server.lock', '/db']) expect(found.has(expected), expected).toBe(true);
      expect(
        [...found.keys()].filter((path) => path.startsWith('/files/') && path.split('/').length === 4).length,
      ).toBeGreaterThan(1);
      expect([...found.keys()].filter((path) => path.startsWith('/db/')).length).toBeGreaterThan(10);
      expect(notPrivate(found)).toEqual([]);
      for (const [path, mode] of found) {
        if (lstatSync(join(data.dir, path)).isDirectory()) expect(mode, path).toBe(0o700);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exitCode(30_000);
      data.remove();
    }
  }, 180_000);
});
