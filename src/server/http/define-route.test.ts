import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { removeApprovalEmail } from '#shared/api/approval-emails';
import { because, created, declared, defineOperation, ok, type RegisteredOperation } from '#shared/api/operation';
import { lookUpInvite } from '#shared/api/session';
import { inviteLookup } from '#shared/contracts/auth';
import { idParam } from '#shared/contracts/path-params';
import { defineRoute } from './define-route';
import { createErrorHandler } from './error-handler';
import { answerSchemaOfRoute, sendJsonBytes, toJsonBytes } from './cached-json';

// A declaration names each request schema once, by its contract module and export (decision 0077): the route binds
// that very export, so a route cannot parse with another schema than the declared one. The type cases are checked by
// tsc (`@ts-expect-error` fails the type check when the line compiles), the others by vitest.
describe('request schemas named once, in the declaration', () => {
  /** The declaration as anyone may call it (these tests register no guards). */
  const removeAny = { ...removeApprovalEmail, access: 'anyone' } as const;
  it('binds the export the declaration names, which parses the input', async () => {
    const app = Fastify();
    const registered: RegisteredOperation[] = [];
    app.addHook('onRoute', (route) => void (route.config?.operation && registered.push(route.config.operation)));
    defineRoute(app, undefined, lookUpInvite, async ({ body }) => ({ email: body.invite }));
    defineRoute(app, undefined, removeAny, async () => {});
    expect(registered[0]!.body).toBe(inviteLookup);
    expect(registered[1]!.params).toBe(idParam);
    const bad = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 12 } });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 'abc' } });
    expect(good.json()).toEqual({ email: 'abc' });
    await app.close();
  });

  it('refuses to start with a declaration that names no schema the server holds', () => {
    const app = Fastify();
    const drifted = {
      ...lookUpInvite,
      body: { module: 'auth', name: 'inviteLookupRenamed' },
    } as unknown as typeof lookUpInvite;
    expect(() => defineRoute(app, undefined, drifted, async () => ({ email: '' }))).toThrow(
      '/api/invites/lookup: no request schema auth.inviteLookupRenamed',
    );
  });

  it('does not compile a name that is not a schema of the module, nor a route that passes its own schema', () => {
    // Never called: what matters is that tsc refuses the lines marked.
    const register = () => {
      // @ts-expect-error: no such export in contracts/auth.
      declared('auth', 'inviteLookupRenamed');
      // @ts-expect-error: an export that is no schema.
      declared('common', 'INT4_MAX');
      const app = Fastify();
      // @ts-expect-error: the route takes no schema of its own any more; the declaration's is the one bound.
      defineRoute(app, undefined, removeApprovalEmail, { params: z.object({ id: z.string() }) }, async () => {});
      defineRoute(app, undefined, removeApprovalEmail, async ({ params }) => void (params.id satisfies number));
    };
    expect(register).toBeTypeOf('function');
  });

  it('sets the declared success status, so no handler does', async () => {
    const app = Fastify();
    defineRoute(app, undefined, lookUpInvite, async ({ body }) => ({ email: body.invite }));
    defineRoute(app, undefined, removeAny, async () => {});
    const made = defineOperation({
      method: 'POST',
      path: '/api/made',
      summary: 'Made',
      access: 'anyone',
      responses: { 201: created(z.object({ id: z.number() })), 409: because('Already there') },
    });
    defineRoute(app, undefined, made, async () => ({ id: 1 }));
    expect(
      (await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 'a' } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/approval-emails/3' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/made' })).statusCode).toBe(201);
    await app.close();
  });

  it('parses the headers the declaration names with their schema, in the words the API always used', async () => {
    const app = Fastify();
    app.setErrorHandler(createErrorHandler({ databaseUrl: undefined }));
    const keyed = defineOperation({
      method: 'POST',
      path: '/api/keyed',
      summary: 'Keyed',
      access: 'anyone',
      headers: declared('headers', 'idempotencyHeaders'),
      responses: { 200: ok(z.object({ key: z.nullable(z.string()) })) },
    });
    defineRoute(app, undefined, keyed, async ({ headers }) => ({ key: headers['Idempotency-Key'] ?? null }));
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/keyed', headers });
    expect((await post({ 'Idempotency-Key': ' abc-1 ' })).json()).toEqual({ key: 'abc-1' });
    expect((await post({})).json()).toEqual({ key: null });
    const refused = await post({ 'idempotency-key': 'has space' });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        message: 'Idempotency-Key must be 1 to 255 printable characters without spaces.',
        field: 'Idempotency-Key',
        code: 'invalid-request',
      },
    ]);
    await app.close();
  });

  it("does not compile a handler whose answer is not the declared success's shape", () => {
    const register = () => {
      const app = Fastify();
      // @ts-expect-error: the declared answer is { email: string }.
      defineRoute(app, undefined, lookUpInvite, async () => ({ mail: 'a@b.test' }));
      // @ts-expect-error: a number where the declared answer has a string.
      defineRoute(app, undefined, lookUpInvite, async () => ({ email: 5 }));
      // @ts-expect-error: a 204 declares no body.
      defineRoute(app, undefined, removeApprovalEmail, async () => ({ removed: true }));
      defineRoute(app, undefined, lookUpInvite, async ({ body }) => ({ email: body.invite }));
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

  it('leaves out an added column from the ready-made bytes too (cached lists, the board, a send entry)', async () => {
    const app = Fastify();
    defineRoute(app, undefined, readRow, async (_input, request, reply) =>
      sendJsonBytes(request, reply, toJsonBytes(stored(), answerSchemaOfRoute(request))),
    );
    const read = await app.inject({ method: 'GET', url: '/api/row' });
    expect(read.json()).toEqual(declared);
    expect(read.body).not.toContain('secret');
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
