import { describe, expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import { tokenOf, trackingTest as it, vendorCall } from '#server/testing/tracking-fixtures';

const ACTIONS = '/api/vendor-page/actions';

describe('live updates by polling with strong ETags (issue 14 item 6)', () => {
  it('answers the board and an entry with a strong ETag, 304 while unchanged, and a new tag once a vendor acts on another instance', async ({
    app,
    member,
    database,
    sent,
    startApp,
  }) => {
    // A second instance on the same database: the vendor's action lands there, the team polls the first.
    const other = await startApp({}, database);
    const get = (on: typeof app, url: string, etag?: string) =>
      on.inject({ method: 'GET', url, headers: { ...bearer(member), ...(etag ? { 'if-none-match': etag } : {}) } });

    for (const url of ['/api/tracking', `/api/email-logs/${sent.sendId}`, '/api/tracking?vendor=acme1234']) {
      const first = await get(app, url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers['cache-control']).toBe('no-store');

      const again = await get(app, url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // The other instance reads the same rows: the same tag, so a client moved between instances keeps its data.
      expect((await get(other.app, url, etag)).statusCode, url).toBe(304);
    }

    const board = await get(app, '/api/tracking');
    const entry = await get(app, `/api/email-logs/${sent.sendId}`);
    const acted = await vendorCall(other.app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, { action: 'received' });
    expect(acted.statusCode).toBe(200);

    const boardAfter = await get(app, '/api/tracking', board.headers.etag as string);
    expect(boardAfter.statusCode).toBe(200);
    expect(boardAfter.headers.etag).not.toBe(board.headers.etag);
    expect(
      boardAfter.json().items.find((item: { vendorId: string }) => item.vendorId === 'acme1234').tracking.status,
    ).toBe('received');
    const entryAfter = await get(app, `/api/email-logs/${sent.sendId}`, entry.headers.etag as string);
    expect(entryAfter.statusCode).toBe(200);
    expect(entryAfter.headers.etag).not.toBe(entry.headers.etag);
    expect(
      entryAfter.json().deliveries.find((delivery: { vendorId: string }) => delivery.vendorId === 'acme1234').tracking
        .status,
    ).toBe('received');
    // And the new tag is current again.
    expect((await get(app, '/api/tracking', boardAfter.headers.etag as string)).statusCode).toBe(304);

    // A change that keeps the status (a note) still changes the tags: the row's update time and its note are in them.
    expect(
      (
        await vendorCall(other.app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, {
          action: 'note',
          text: 'List pulled.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(app, '/api/tracking', boardAfter.headers.etag as string)).statusCode).toBe(200);
    expect((await get(app, `/api/email-logs/${sent.sendId}`, entryAfter.headers.etag as string)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown send, 400 for a bad id and 401 without a session', async ({ app, member, sent }) => {
    expect(sent.sendId).toBeGreaterThan(0);
    const missing = await app.inject({ method: 'GET', url: '/api/email-logs/999999', headers: bearer(member) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This send was not found.');
    expect((await app.inject({ method: 'GET', url: '/api/email-logs/abc', headers: bearer(member) })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}` })).statusCode).toBe(401);
  });
});
