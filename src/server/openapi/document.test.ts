import { describe, expect } from 'vitest';
import { defineOperation } from '#shared/api/operation';
import { defineRoute } from '#server/http/define-route';
import { it } from '#server/testing/fixtures';
import { servedOperations } from '#server/testing/served-operations';
import { jsonSchemaOf, responsesOf } from './document';

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const API_OPERATIONS = await servedOperations();

describe('the API document', () => {
  it('lists each declared operation once, from the routes the app registered', async ({ app }) => {
    await app.ready();
    const keys = app.apiOperations.map(key);
    expect(keys).toContain('PATCH /api/users/:userId/permissions');
    expect(keys).toContain('GET /api/openapi.json');
    expect(new Set(keys).size).toBe(keys.length);
    for (const operation of app.apiOperations)
      expect(app.hasRoute({ method: operation.method, url: operation.path }), key(operation)).toBe(true);
  });

  it('refuses a route under /api registered without a declaration, and documents one registered with it', async ({
    startApp,
  }) => {
    const extra = await startApp();
    expect(() => extra.app.get('/api/undocumented/:id', async () => ({}))).toThrow(
      'GET /api/undocumented/:id: a route under /api is registered with defineRoute',
    );
    const declared = defineOperation({
      method: 'GET',
      path: '/api/declared/:id',
      summary: 'A test route',
      access: 'anyone',
      responses: { 204: { description: 'Done' } },
    });
    defineRoute(extra.app, undefined, declared, async (_input, _request, reply) => reply.code(204).send());
    const document = (await extra.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/declared/{id}'].get.summary).toBe('A test route');
  });

  it('is published at GET /api/openapi.json as OpenAPI 3.1, with parameters, bodies and documented answers', async ({
    app,
  }) => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(
      document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
    ).flatMap(Object.values);
    expect(operations).toHaveLength(API_OPERATIONS.length);

    const patch = document.paths['/api/users/{userId}/permissions'].patch;
    expect(patch.parameters).toEqual([
      {
        name: 'userId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 }),
      },
    ]);
    expect(patch.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { isAdmin: { type: 'boolean' } },
      required: ['isAdmin'],
    });
    expect(Object.keys(patch.responses)).toEqual(['200', '400', '401', '403', '404', '409', '413', '414', '415']);
    expect(patch.responses['409'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string', enum: ['conflict'] } },
      required: ['message', 'code'],
    });

    const audit = document.paths['/api/audit-log'].get;
    expect(
      audit.parameters.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required]),
    ).toEqual([
      ['limit', false],
      ['before', false],
    ]);
  });

  it('documents the headers an operation declares', async ({ app }) => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/send-email-consolidated', '/api/email-logs/{id}/add-vendors']) {
      const header = document.paths[path].post.parameters.find(
        (parameter: { in: string }) => parameter.in === 'header',
      );
      expect(header, path).toMatchObject({ name: 'Idempotency-Key', required: false, schema: { type: 'string' } });
    }
  });

  it('lists the codes each error status of an operation may carry: its default, then those declared', async ({
    app,
  }) => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const codesOf = (path: string, status: number) =>
      document.paths[path].post.responses[status].content['application/json'].schema.properties.code.enum;
    expect(codesOf('/api/statements/{vendorId}/{month}/finalize', 409)).toEqual([
      'conflict',
      'already-finalized',
      'month-not-begun',
      'month-not-over',
    ]);
    expect(codesOf('/api/statements/{vendorId}/{month}/paid', 409)).toEqual([
      'conflict',
      'statement-open',
      'already-paid',
      'negative-balance',
    ]);
    expect(codesOf('/api/email-logs/{id}/use-as-new-send', 409)).toEqual(['conflict', 'send-in-progress']);
    expect(codesOf('/api/send-email-consolidated', 400)).toEqual(['invalid-request', 'requires-google-auth']);
    // Every signed-in operation may find the address removed; an admin's also refuses a member.
    expect(codesOf('/api/send-email-consolidated', 403)).toEqual(['forbidden', 'access-removed']);
    expect(codesOf('/api/statements/{vendorId}/{month}/finalize', 403)).toEqual(['forbidden', 'access-removed']);
    expect(document.components.schemas.Error).toEqual({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message', 'code'],
    });
  });

  it('documents an error answer with {message, code} for every failure status', () => {
    for (const operation of API_OPERATIONS) {
      for (const [status, spec] of Object.entries(responsesOf(operation))) {
        if (Number(status) < 400) continue;
        const schema = spec.schema ? jsonSchemaOf(spec.schema) : undefined;
        if (schema)
          expect(schema, `${key(operation)} ${status}`).toMatchObject({
            properties: { message: { type: 'string' }, code: expect.anything() },
            required: expect.arrayContaining(['message', 'code']),
          });
      }
    }
  });
});
