import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { because, defineOperation, ok } from '#shared/api/operation';
import { AppError, conflict, notFound, requiresGoogleAuth } from '#server/errors';
import { it as appIt } from '#server/testing/fixtures';
import { defineRoute } from './define-route';
import { createErrorHandler } from './error-handler';

// Every error answer carries a stable code beside its message: its status's default, or a specific one the operation
// declares for that status (decision 0081).
const finalize = defineOperation({
  method: 'POST',
  path: '/api/finalize/:case',
  summary: 'Finalize',
  access: 'anyone',
  responses: {
    200: ok(z.object({ ok: z.boolean() })),
    404: because('No such thing'),
    409: because('Not over yet, or already done', 'month-not-over'),
  },
});

const THROWN: Record<string, () => AppError> = {
  'not-over': () => conflict('March has not ended yet.', 'month-not-over'),
  'plain-conflict': () => conflict('Already there.'),
  missing: () => notFound('No such thing.'),
  // Thrown here, declared for another operation only.
  'needs-google': () => requiresGoogleAuth('Please sign in with Google.', 400),
};

async function appWith(checkContract: boolean) {
  const logged: { msg: string; code?: string }[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  app.setErrorHandler(createErrorHandler({ databaseUrl: undefined, checkContract }));
  defineRoute(app, undefined, finalize, async (_input, request) => {
    throw THROWN[(request.params as { case: string }).case]!();
  });
  const post = async (name: string) => {
    const response = await app.inject({ method: 'POST', url: `/api/finalize/${name}` });
    return [response.statusCode, response.json()];
  };
  return { app, post, logged };
}

describe('error codes', () => {
  it("answers { message, code }: the status's default, or the specific code the operation declares", async () => {
    const { app, post } = await appWith(true);
    expect(await post('not-over')).toEqual([409, { message: 'March has not ended yet.', code: 'month-not-over' }]);
    expect(await post('plain-conflict')).toEqual([409, { message: 'Already there.', code: 'conflict' }]);
    expect(await post('missing')).toEqual([404, { message: 'No such thing.', code: 'not-found' }]);
    // Fastify's own refusals and routes nobody declared carry their status's default too.
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/finalize/x',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.json()).toMatchObject({ code: 'invalid-request' });
    await app.close();
  });

  it('answers 500 in tests (checkContract) for a code the operation does not declare, and logs it', async () => {
    const { app, post, logged } = await appWith(true);
    expect(await post('needs-google')).toEqual([
      500,
      { message: 'Something went wrong on our side. Please try again.', code: 'internal' },
    ]);
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'an error code its operation does not declare', code: 'requires-google-auth' }),
    ]);
    await app.close();
  });

  it('passes an undeclared code on as it is without the check (production)', async () => {
    const { app, post } = await appWith(false);
    expect(await post('needs-google')).toEqual([
      400,
      { message: 'Please sign in with Google.', code: 'requires-google-auth', requiresGoogleAuth: true },
    ]);
    await app.close();
  });

  appIt(
    "answers the router's own refusals as every error: a path parameter too long, a malformed URL",
    async ({ app }) => {
      const long = await app.inject({ method: 'GET', url: `/api/email-logs/${'1'.repeat(101)}` });
      expect([long.statusCode, long.json()]).toEqual([
        414,
        { message: `'/api/email-logs/${'1'.repeat(101)}' is exceeding the max param length`, code: 'uri-too-long' },
      ]);
      const bad = await app.inject({ method: 'GET', url: '/api/email-logs/%E0%A4%A' });
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        { message: "'/api/email-logs/%E0%A4%A' is not a valid url component", code: 'invalid-request' },
      ]);
    },
  );
});
