import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { seedVendors, sendBodyFor, temporaryDataDir } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, bearer, createTestApp, register } from '#server/testing/test-app';

/** One signed-in app for the whole file (the tests only read headers): file-scoped, so not from the per-test app fixtures. */
const it = test
  .extend('signedIn', { scope: 'file' }, async ({}, { onCleanup }) => {
    // A stand-in for the built client: the headers come from the server, not from what the page holds.
    const clientDir = mkdtempSync(join(tmpdir(), 'dispatch-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Dispatch</title><div id="root"></div>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    const data = temporaryDataDir();
    const t = await createTestApp({ DATA_DIR: data.dir }, undefined, { clientDir });
    onCleanup(async () => {
      await t.close();
      data.remove();
      rmSync(clientDir, { recursive: true, force: true });
    });
    const token = await register(t.app, ADMIN_EMAIL);
    await seedVendors(t.app, token);
    return { t, token };
  })
  .extend(
    'get',
    ({ signedIn: { t, token } }) =>
      (url: string, signedIn = true) =>
        t.app.inject({ method: 'GET', url, headers: signedIn ? bearer(token) : {} }),
  );

/** The parts of every answer that keep a browser from being turned against the user. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

function directives(headers: Record<string, unknown>): Map<string, string> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('the app page: a CSP that runs only our own scripts and cannot be framed by other sites', async ({ get }) => {
    for (const url of ['/', '/deployment-log']) {
      const page = await get(url, false);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(page.headers);
      const csp = directives(page.headers);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await get('/assets/app-1234.js', false);
    expectCommonHeaders(asset.headers);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('API answers: nosniff, the CSP and Cache-Control: no-store on everything that carries personal data', async ({
    get,
  }) => {
    for (const url of [
      '/api/user',
      '/api/users',
      '/api/vendors',
      '/api/approval-emails',
      '/api/email-logs',
      '/api/prospecting-drafts',
      '/api/audit-log',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expectCommonHeaders(answer.headers);
      expect(directives(answer.headers).get('default-src'), url).toBe("'self'");
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    // Refusals and errors too: they may name an address.
    const refused = await get('/api/user', false);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expectCommonHeaders(refused.headers);
  });

  it("helmet's whole header set, the same on a page, an API answer and a refusal (worked out once, not per request)", async ({
    get,
  }) => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';frame-src 'self' blob: data:",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const [url, signedIn] of [
      ['/', false],
      ['/api/vendors', true],
      ['/api/user', false],
      ['/api/no-such-route', true],
    ] as const) {
      const answer = await get(url, signedIn);
      const helmetPart = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name in expected));
      expect(helmetPart, url).toEqual(expected);
      expect(answer.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('a file download: an attachment that is never rendered on our origin, and never cached', async ({
    signedIn: { t, token },
    get,
  }) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: sendBodyFor(['acme1234']) as object,
    });
    expect(sent.statusCode).toBe(200);
    const [entry] = (await get('/api/email-logs')).json();
    const htmlKey = entry.cardDetails.emailCards[0].htmlFileKey;
    for (const url of [`/api/files/${htmlKey}?type=html`, `/api/email-logs/${entry.id}/deliveries/acme1234/eml`]) {
      const download = await get(url);
      expect(download.statusCode, url).toBe(200);
      expectCommonHeaders(download.headers);
      expect(download.headers['content-disposition'], url).toMatch(/^attachment;/);
      expect(download.headers['cache-control'], url).toBe('private, no-store');
    }
    const file = await get(`/api/files/${htmlKey}?type=html`);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});
