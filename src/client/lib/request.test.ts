import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOperation, noContent, ok } from '#shared/api/operation';
import { vendorList } from '#shared/contracts/responses/vendors';
import { call, RequestError, ResponseContractError, revalidatingQuery } from './request';

/** An operation of the test server's, declared as the API's are. */
const listAt = (path: string) =>
  defineOperation({ method: 'GET', path, summary: path, access: 'user', responses: { 200: ok(vendorList) } });
const deleteAt = (path: string) =>
  defineOperation({
    method: 'DELETE',
    path,
    summary: path,
    access: 'user',
    responses: { 200: { description: 'Done; no body' }, 204: noContent },
  });

// What each path answers: a status and a raw body.
const answers: Record<string, { status: number; body: string }> = {
  '/api/vendors': {
    status: 200,
    body: JSON.stringify([
      {
        vendorId: 'acme1234',
        name: 'Acme',
        emails: ['a@acme.test'],
        defaultUtmSource: 'acme',
        emailProspectingKey: null,
        textProspectingKey: null,
        extra: 1,
      },
    ]),
  },
  // A server that renamed `name` to `title`: the client must not render undefined.
  '/api/vendors-renamed': {
    status: 200,
    body: JSON.stringify([
      {
        vendorId: 'acme1234',
        title: 'Acme',
        emails: [],
        defaultUtmSource: 'acme',
        emailProspectingKey: null,
        textProspectingKey: null,
      },
    ]),
  },
  '/api/html': { status: 200, body: '<!doctype html><title>Proxy error</title>' },
  '/api/deleted': { status: 204, body: '' },
  '/api/unexpected-body': { status: 200, body: '{"deleted":true}' },
  '/api/down': { status: 503, body: '{"message":"down"}' },
};

const vendorJson = (name: string) =>
  JSON.stringify([
    {
      vendorId: 'acme1234',
      name,
      emails: [],
      defaultUtmSource: 'acme',
      emailProspectingKey: null,
      textProspectingKey: null,
    },
  ]);
const tagged = { etag: '"v1"', body: vendorJson('Acme') };
const seenIfNoneMatch: (string | undefined)[] = [];

let server: Server;
let base: string;

beforeAll(async () => {
  // call() reads the bearer token from localStorage, which Node lacks: an empty one, as in a signed-out browser.
  const storage = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  } as Storage;
  server = createServer((req, res) => {
    if (req.url === '/api/tagged') {
      // A list with an ETag, as the server's cached lists answer: 304 when the request names the current tag.
      seenIfNoneMatch.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === tagged.etag) res.writeHead(304, { ETag: tagged.etag }).end();
      else res.writeHead(200, { 'Content-Type': 'application/json', ETag: tagged.etag }).end(tagged.body);
      return;
    }
    const answer = answers[req.url ?? ''] ?? { status: 404, body: '' };
    res.writeHead(answer.status, answer.body ? { 'Content-Type': 'application/json' } : {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('call', () => {
  it('returns the answer as the contract parses it', async () => {
    const vendors = await call(listAt('/api/vendors'), { origin: base });
    expect(vendors).toEqual([
      {
        vendorId: 'acme1234',
        name: 'Acme',
        emails: ['a@acme.test'],
        defaultUtmSource: 'acme',
        emailProspectingKey: null,
        textProspectingKey: null,
      },
    ]);
  });

  it('throws a clear error when the answer breaks the contract', async () => {
    const answer = call(listAt('/api/vendors-renamed'), { origin: base });
    await expect(answer).rejects.toBeInstanceOf(ResponseContractError);
    await expect(answer).rejects.toThrow(
      `GET ${base}/api/vendors-renamed answered outside its contract: 0.name: Invalid input: expected string, received undefined`,
    );
  });

  it('throws when a JSON answer is not JSON', async () => {
    await expect(call(listAt('/api/html'), { origin: base })).rejects.toThrow(
      `GET ${base}/api/html answered outside its contract: the body is not JSON`,
    );
  });

  it('takes an empty answer where the contract expects none, and refuses a body there', async () => {
    await expect(call(deleteAt('/api/deleted'), { origin: base })).resolves.toBeUndefined();
    await expect(call(deleteAt('/api/unexpected-body'), { origin: base })).rejects.toThrow(
      `DELETE ${base}/api/unexpected-body answered outside its contract: (body): Invalid input: expected undefined, received object`,
    );
  });

  it('refuses a status its declaration does not name', async () => {
    await expect(call(listAt('/api/deleted'), { origin: base })).rejects.toThrow(
      `GET ${base}/api/deleted answered outside its contract: status 204 is not declared`,
    );
  });

  it('still reports a failed call by its status and the server message', async () => {
    const answer = call(listAt('/api/down'), { origin: base });
    await expect(answer).rejects.toBeInstanceOf(RequestError);
    await expect(answer).rejects.toMatchObject({ status: 503, serverMessage: 'down' });
  });
});

describe('revalidatingQuery', () => {
  it('names the held answer with If-None-Match and keeps the query data on 304; takes the new answer after a change', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
    const options = { queryKey: ['tagged'], queryFn: revalidatingQuery(listAt('/api/tagged'), { origin: base }) };
    const first = await client.fetchQuery(options);
    expect(first).toEqual([expect.objectContaining({ name: 'Acme' })]);
    const second = await client.fetchQuery(options);
    expect(second).toBe(first);
    expect(seenIfNoneMatch).toEqual([undefined, '"v1"']);

    Object.assign(tagged, { etag: '"v2"', body: vendorJson('Acme Corp') });
    expect(await client.fetchQuery(options)).toEqual([expect.objectContaining({ name: 'Acme Corp' })]);
    expect(seenIfNoneMatch.at(-1)).toBe('"v1"');

    // Once the cache no longer holds the data, nothing is named: a 304 would have nothing to keep.
    client.clear();
    await client.fetchQuery(options);
    expect(seenIfNoneMatch.at(-1)).toBeUndefined();
  });
});
