import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { MAX_HTML_OR_CSV_BYTES, MAX_IMAGE_BYTES } from '#shared/contracts/limits';
import { test } from '#server/testing/fixtures';
import { addAndRegister, bearer } from '#server/testing/test-app';
import { MAX_DRAFT_BYTES_PER_USER } from './service';

/** A small total, so that the tests other than the first move kilobytes rather than the real 100 MB. */
const LIMIT = 1000;
const MESSAGE =
  'Your saved content cards would take more than 1000 bytes together, the most the send page keeps for you. ' +
  'Remove files from cards you no longer need, or send and clear the page, then try again.';

type Method = 'GET' | 'POST' | 'PATCH';
type Response = Promise<LightMyRequestResponse>;

/** An app with a small draft limit; `call`, `create` and `savedSizes` act as the admin (`token`) unless told otherwise. */
const it = test.extend('appDeps', { maxDraftBytes: LIMIT }).extend<{
  token: string;
  call: (method: Method, url: string, payload?: unknown, as?: string) => Response;
  create: (cardId: string, size: number, as?: string) => Response;
  savedSizes: (as?: string) => Promise<(string | number)[][]>;
}>({
  token: async ({ admin }, use) => use(admin),
  call: async ({ t, token }, use) =>
    use((method, url, payload, as = token) =>
      t.app.inject({
        method,
        url,
        headers: bearer(as),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    ),
  create: async ({ call, token }, use) =>
    use((cardId, size, as = token) =>
      call('POST', '/api/prospecting-drafts', { cardId, cardType: 'email', fileContent: 'x'.repeat(size) }, as),
    ),
  savedSizes: async ({ call, token }, use) =>
    use(async (as = token) =>
      (
        (await call('GET', '/api/prospecting-drafts', undefined, as)).json() as {
          cardId: string;
          fileContent: string | null;
        }[]
      ).map((card) => [card.cardId, card.fileContent?.length ?? 0]),
    ),
});

describe("the total size of one user's drafts", () => {
  test('is 100 MB unless a test says otherwise: three cards with their files at the largest fit, a fourth is refused with 413', async ({
    call,
    admin,
  }) => {
    expect(MAX_DRAFT_BYTES_PER_USER).toBe(100 * 1024 * 1024);
    // About 27 MB a card: an HTML and a CSV file of 10 MB each, and the largest image (5 MB, as base64).
    const card = (cardId: string) => ({
      cardId,
      cardType: 'email',
      fileContent: 'x'.repeat(MAX_HTML_OR_CSV_BYTES),
      csvContent: 'y'.repeat(MAX_HTML_OR_CSV_BYTES),
      imageContent: 'A'.repeat(Math.floor(MAX_IMAGE_BYTES / 3) * 4),
      imageContentType: 'image/png',
    });
    for (const cardId of ['a', 'b', 'c'])
      expect((await call('POST', '/api/prospecting-drafts', admin, card(cardId))).statusCode).toBe(201);
    const fourth = await call('POST', '/api/prospecting-drafts', admin, card('d'));
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json()).toEqual({ message: MESSAGE.replace('1000 bytes', '100 MB'), code: 'too-large' });
    const saved = (await call('GET', '/api/prospecting-drafts', admin)).json() as { cardId: string }[];
    expect(saved.map((draft) => draft.cardId)).toEqual(['a', 'b', 'c']);
  }, 120_000);

  it('refuses a create or a patch that would take a user over it with 413, keeping what was saved', async ({
    t,
    token,
    call,
    create,
    savedSizes,
  }) => {
    expect((await create('a', 600)).statusCode).toBe(201);
    const second = await create('b', 600);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({ message: MESSAGE, code: 'too-large' });
    expect(await savedSizes()).toEqual([['a', 600]]);

    // Replacing a card's file counts the new size only.
    expect((await call('PATCH', '/api/prospecting-drafts/a', { fileContent: 'y'.repeat(900) })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/prospecting-drafts/a', { fileContent: 'z'.repeat(1001) })).statusCode).toBe(413);
    expect(await savedSizes()).toEqual([['a', 900]]);

    // Each user has their own total.
    const other = await addAndRegister(t.app, token, 'other@agency.test');
    expect((await create('a', 900, other)).statusCode).toBe(201);
  });

  it('checks saves that race each other one at a time: four at once, two fit', async ({ call, create, savedSizes }) => {
    for (const cardId of ['c1', 'c2', 'c3', 'c4']) expect((await create(cardId, 0)).statusCode).toBe(201);
    const answers = await Promise.all(
      ['c1', 'c2', 'c3', 'c4'].map((cardId) =>
        call('PATCH', `/api/prospecting-drafts/${cardId}`, { fileContent: 'x'.repeat(400) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 413, 413]);
    const total = (await savedSizes()).reduce((sum, [, size]) => sum + Number(size), 0);
    expect(total).toBe(800);
  });
});
