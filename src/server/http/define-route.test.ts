import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { listApprovalEmails, removeApprovalEmail } from '#shared/api/approval-emails';
import { created, defineOperation, ok } from '#shared/api/operation';
import { lookUpInvite } from '#shared/api/session';
import { inviteLookup } from '#shared/contracts/auth';
import { idParam } from '#shared/contracts/common';
import { defineRoute } from './define-route';

// The declarations name their request schemas by type only (decision 0047); the routes bind the schemas. The type
// cases are checked by tsc (`@ts-expect-error` fails the type check when the line compiles), the others by vitest.
describe('binding request schemas to a declaration', () => {
  it('registers the route with the bound schemas, which parse the input', async () => {
    const app = Fastify();
    defineRoute(app, undefined, lookUpInvite, { body: inviteLookup }, async ({ body }) => ({ email: body.invite }));
    const bad = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 12 } });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 'abc' } });
    expect(good.json()).toEqual({ email: 'abc' });
    await app.close();
  });

  it('refuses to register a declaration whose request types have no schema bound, or a schema it does not name', () => {
    const app = Fastify();
    // @ts-expect-error: the declaration names a body, so its schema must be bound.
    expect(() => defineRoute(app, undefined, lookUpInvite, async () => ({}))).toThrow(
      '/api/invites/lookup: the bound schemas do not match the declared body',
    );
    const bind = defineRoute as (...args: unknown[]) => void;
    expect(() => bind(app, undefined, listApprovalEmails, { body: inviteLookup }, async () => [])).toThrow(
      '/api/approval-emails: the bound schemas do not match the declared body',
    );
  });

  it('does not compile a schema that drifted from the declared type', () => {
    // Never called: what matters is that tsc refuses the two lines marked.
    const register = () => {
      const app = Fastify();
      // @ts-expect-error: a params schema whose output is a string where the declaration's is a number.
      defineRoute(app, undefined, removeApprovalEmail, { params: z.object({ id: z.string() }) }, async () => {});
      // @ts-expect-error: a schema bound for a part the declaration does not name.
      defineRoute(app, undefined, listApprovalEmails, { body: inviteLookup }, async () => {});
      defineRoute(
        app,
        undefined,
        removeApprovalEmail,
        { params: idParam },
        async ({ params }) => params.id satisfies number,
      );
    };
    expect(register).toBeTypeOf('function');
  });
});

describe('answers leave through their declared schema', () => {
  const row = z.object({
    id: z.number(),
    name: z.string(),
    createdAt: z.string(),
    owner: z.nullable(z.object({ email: z.string() })),
    tags: z.array(z.object({ label: z.string() })),
  });
  const readRow = defineOperation({
    method: 'GET',
    path: '/api/row',
    summary: 'A row',
    access: 'anyone',
    responses: { 200: ok(row) },
  });
  const addRow = defineOperation({
    method: 'POST',
    path: '/api/rows',
    summary: 'A new row',
    access: 'anyone',
    responses: { 201: created(z.union([row, z.object({ queued: z.literal(true) })])) },
  });
  /** A row as a repository returns it after a migration added a column the contract does not name. */
  const stored = () => ({
    id: 7,
    name: 'Acme',
    createdAt: new Date('2026-03-10T15:00:00.000Z'),
    passwordHash: 'argon2id$secret',
    owner: { email: 'owner@agency.test', sessionToken: 'secret' },
    tags: [{ label: 'spring', internalNote: 'secret' }],
  });
  const declared = {
    id: 7,
    name: 'Acme',
    createdAt: '2026-03-10T15:00:00.000Z',
    owner: { email: 'owner@agency.test' },
    tags: [{ label: 'spring' }],
  };

  it('leaves out a column added to a row, at any depth, whether the handler returns it or sends it', async () => {
    const app = Fastify();
    defineRoute(app, undefined, readRow, async () => stored());
    defineRoute(app, undefined, addRow, async (_input, _request, reply) => reply.code(201).send(stored()));
    const read = await app.inject({ method: 'GET', url: '/api/row' });
    expect(read.json()).toEqual(declared);
    expect(read.body).not.toContain('secret');
    const added = await app.inject({ method: 'POST', url: '/api/rows' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual(declared);
    await app.close();
  });

  it('keeps what the schema names, null included, and an error answer as it is', async () => {
    const app = Fastify();
    defineRoute(app, undefined, readRow, async () => ({ ...stored(), owner: null, tags: [] }));
    defineRoute(app, undefined, addRow, async (_input, _request, reply) =>
      reply.code(409).send({ message: 'Already there', id: 7 }),
    );
    expect((await app.inject({ method: 'GET', url: '/api/row' })).json()).toEqual({
      ...declared,
      owner: null,
      tags: [],
    });
    // No schema is declared for the 409: the error handler's {message} and what a route adds pass as they are.
    expect((await app.inject({ method: 'POST', url: '/api/rows' })).json()).toEqual({
      message: 'Already there',
      id: 7,
    });
    await app.close();
  });
});
