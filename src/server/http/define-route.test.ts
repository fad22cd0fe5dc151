import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { listApprovalEmails, removeApprovalEmail } from '#shared/api/approval-emails';
import { lookUpInvite } from '#shared/api/session';
import { inviteLookup } from '#shared/contracts/auth';
import { idParam } from '#shared/contracts/common';
import { defineRoute } from './define-route';

// The declarations name their request schemas by type only (decision 0047); the routes bind the schemas. The type
// cases are checked by tsc (`@ts-expect-error` fails the type check when the line compiles), the others by vitest.
describe('binding request schemas to a declaration', () => {
  it('registers the route with the bound schemas, which parse the input', async () => {
    const app = Fastify();
    defineRoute(app, undefined, lookUpInvite, { body: inviteLookup }, async ({ body }) => ({ invite: body.invite }));
    const bad = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 12 } });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: '/api/invites/lookup', payload: { invite: 'abc' } });
    expect(good.json()).toEqual({ invite: 'abc' });
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
