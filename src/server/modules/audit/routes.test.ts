import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, addAndRegister, bearer } from '#server/testing/test-app';

const it = test
  .extend(
    'getLog',
    ({ t, admin }) =>
      (query: string, token = admin) =>
        t.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers: bearer(token) }),
  )
  /** Adds approval addresses one second apart; each addition is one audit entry. */
  .extend('addApprovalEmails', ({ t, admin }) => async (count: number) => {
    for (let i = 0; i < count; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/approval-emails',
        headers: bearer(admin),
        payload: { email: `a${i}@agency.test` },
      });
      expect(response.statusCode).toBe(201);
      t.clock.advance(1000);
    }
  });

describe('GET /api/audit-log', () => {
  it('answers an empty page when nothing was recorded', async ({ getLog }) => {
    const response = await getLog('');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ entries: [], nextBefore: null });
  });

  it('lists entries newest first with who, when, action, entity, before and after', async ({
    getLog,
    addApprovalEmails,
  }) => {
    await addApprovalEmails(2);
    const { entries, nextBefore } = (await getLog('')).json();
    expect(nextBefore).toBeNull();
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        actorUserId: expect.any(Number),
        actorEmail: ADMIN_EMAIL,
        action: 'create',
        entity: 'approval_email',
        entityId: expect.any(String),
        before: null,
        after: { id: Number(entries[0].entityId), email: 'a1@agency.test' },
        at: '2026-03-10T15:00:01.000Z',
      },
      expect.objectContaining({
        after: expect.objectContaining({ email: 'a0@agency.test' }),
        at: '2026-03-10T15:00:00.000Z',
      }),
    ]);
    expect(entries[0].id).toBeGreaterThan(entries[1].id);
  });

  it('pages by id: each page continues below the previous one, and the last has nextBefore null', async ({
    getLog,
    addApprovalEmails,
  }) => {
    await addApprovalEmails(7);
    const seen: string[] = [];
    let query = '?limit=3';
    const pageSizes: number[] = [];
    for (;;) {
      const page = (await getLog(query)).json();
      pageSizes.push(page.entries.length);
      seen.push(...page.entries.map((entry: { after: { email: string } }) => entry.after.email));
      if (page.nextBefore === null) break;
      expect(page.nextBefore).toBe(page.entries.at(-1).id);
      query = `?limit=3&before=${page.nextBefore}`;
    }
    expect(pageSizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0'].map((name) => `${name}@agency.test`));
  });

  it('gives a full last page nextBefore null only when nothing older exists', async ({ getLog, addApprovalEmails }) => {
    await addApprovalEmails(4);
    const first = (await getLog('?limit=2')).json();
    expect(first.nextBefore).not.toBeNull();
    const second = (await getLog(`?limit=2&before=${first.nextBefore}`)).json();
    expect(second.entries).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
  });

  it('returns 50 entries by default', async ({ getLog, addApprovalEmails }) => {
    await addApprovalEmails(52);
    const page = (await getLog('')).json();
    expect(page.entries).toHaveLength(50);
    expect(page.nextBefore).toBe(page.entries.at(-1).id);
    expect((await getLog(`?before=${page.nextBefore}`)).json().entries).toHaveLength(2);
  });

  it.for([
    ['?limit=0', 'limit', 'limit must be at least 1'],
    ['?limit=201', 'limit', 'limit must be at most 200'],
    ['?limit=abc', 'limit', 'limit must be a number'],
    ['?limit=2.5', 'limit', 'limit must be a whole number'],
    ['?before=0', 'before', 'before must be positive'],
    ['?before=x', 'before', 'before must be a number'],
  ])('rejects %s with 400 naming the field', async ([query, field, message], { getLog }) => {
    const response = await getLog(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
  });

  it('is for admins only: 403 for members, 401 for strangers', async ({ t, admin, getLog }) => {
    const member = await addAndRegister(t.app, admin, 'member@agency.test');
    const asMember = await getLog('', member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ message: 'Admins only', code: 'forbidden' });
    expect((await getLog('', 'no-such-token')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
  });
});
