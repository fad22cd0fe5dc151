import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { bearer } from '#server/testing/test-app';
import { isNoneMatched } from './cached-json';

const acme = {
  vendorId: 'acme',
  name: 'Acme',
  emails: ['ops@acme.test'],
  defaultUtmSource: 'acme',
  emailProspectingKey: null,
  textProspectingKey: null,
};

describe('isNoneMatched', () => {
  it('matches the tag itself, its weak form, a list holding it and *; nothing else', () => {
    expect(isNoneMatched('"abc"', '"abc"')).toBe(true);
    expect(isNoneMatched('W/"abc"', '"abc"')).toBe(true);
    expect(isNoneMatched('"x", "abc"', '"abc"')).toBe(true);
    expect(isNoneMatched('*', '"abc"')).toBe(true);
    expect(isNoneMatched(undefined, '"abc"')).toBe(false);
    expect(isNoneMatched('"abcd"', '"abc"')).toBe(false);
    expect(isNoneMatched('abc', '"abc"')).toBe(false);
  });
});

describe('list answers with ETags', () => {
  it.for([
    '/api/vendors',
    '/api/vendor-splits',
    '/api/vendor-utm-sources',
    '/api/vendor-costs',
    '/api/approval-emails',
  ])(
    '%s: a strong ETag, the same while nothing changes, and 304 without a body when the client holds it',
    async (url, { app, member }) => {
      const first = await app.inject({ method: 'GET', url, headers: bearer(member) });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await app.inject({ method: 'GET', url, headers: bearer(member) });
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
      const held = await app.inject({ method: 'GET', url, headers: { ...bearer(member), 'if-none-match': etag } });
      expect(held.statusCode).toBe(304);
      expect(held.body).toBe('');
      expect(held.headers.etag).toBe(etag);
    },
  );

  it('changes the ETag with a write, and answers the new list to the old one', async ({ app, admin }) => {
    const before = await app.inject({ method: 'GET', url: '/api/vendors', headers: bearer(admin) });
    expect(
      (await app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(admin), payload: acme })).statusCode,
    ).toBe(201);
    const after = await app.inject({
      method: 'GET',
      url: '/api/vendors',
      headers: { ...bearer(admin), 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toEqual([acme]);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/vendors/acme', headers: bearer(admin) });
    expect(deleted.statusCode).toBe(204);
    const empty = await app.inject({
      method: 'GET',
      url: '/api/vendors',
      headers: { ...bearer(admin), 'if-none-match': after.headers.etag as string },
    });
    expect(empty.statusCode).toBe(200);
    // The same bytes as before the write: the same tag.
    expect(empty.headers.etag).toBe(before.headers.etag);
  });

  it('refuses a stranger before looking at If-None-Match', async ({ app, member }) => {
    const { etag } = (await app.inject({ method: 'GET', url: '/api/vendors', headers: bearer(member) })).headers;
    const stranger = await app.inject({
      method: 'GET',
      url: '/api/vendors',
      headers: { 'if-none-match': etag as string },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
