import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { jsonSchemaOf, responsesOf } from './document';
import { API_OPERATIONS } from './operations';
import { registeredRoutes } from './registered-routes';

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const documented = new Set(API_OPERATIONS.map(key));
const undocumented = (routes: { method: string; path: string }[]) =>
  routes.filter((route) => route.path.startsWith('/api') && !documented.has(key(route))).map(key);

describe('the API document', () => {
  it('lists every route registered under /api, and nothing else', async ({ app }) => {
    await app.ready();
    const routes = registeredRoutes(app);
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/users/:userId/permissions' });
    expect(undocumented(routes)).toEqual([]);
    const registered = new Set(routes.map(key));
    expect(API_OPERATIONS.map(key).filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it('notices a route that is not in the document', async ({ startApp }) => {
    const extra = await startApp();
    extra.app.get('/api/undocumented/:id', async () => ({}));
    await extra.app.ready();
    expect(undocumented(registeredRoutes(extra.app))).toEqual(['GET /api/undocumented/:id']);
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
      properties: { message: { type: 'string' } },
      required: ['message'],
    });

    const audit = document.paths['/api/audit-log'].get;
    expect(
      audit.parameters.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required]),
    ).toEqual([
      ['limit', false],
      ['before', false],
    ]);
  });

  it('documents an error answer with {message} for every failure status', () => {
    for (const operation of API_OPERATIONS) {
      for (const [status, spec] of Object.entries(responsesOf(operation))) {
        if (Number(status) < 400) continue;
        const schema = spec.schema ? jsonSchemaOf(spec.schema) : undefined;
        if (schema)
          expect(schema, `${key(operation)} ${status}`).toMatchObject({
            properties: { message: { type: 'string' } },
            required: expect.arrayContaining(['message']),
          });
      }
    }
  });
});
