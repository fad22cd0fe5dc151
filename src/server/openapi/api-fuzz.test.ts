import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import { buildOpenApiDocument } from '#server/openapi/document';
import { servedOperations } from '#server/testing/served-operations';
import { checkAnswer, it, reportFailure } from './api-fuzz-fixtures';
import { requestArbitrary, type Operation } from './api-fuzz-requests';

/**
 * The generated battery of issue 10: every operation of the published document, sent generated valid and invalid
 * parameters, queries and bodies as anonymous, user and admin. No answer may be a 5xx; every answer's status must be
 * documented for its operation and its body must match the documented schema.
 */

/** Generated requests per operation: every one of them is sent and checked, however long the machine takes. */
const RUNS_PER_OPERATION = 20;
/** A slow operation's 20 requests on a busy machine: far more than the default 20 s, never a reason to check fewer. */
const OPERATION_TIMEOUT_MS = 180_000;

const document = buildOpenApiDocument(await servedOperations());
const operations = Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

/** Requests checked per operation (method and path), printed when the file is done. */
const checkedPerOperation = new Map<string, number>();

describe('every operation of GET /api/openapi.json, fuzzed as anonymous, user and admin', () => {
  afterAll(() => {
    const lines = [...checkedPerOperation].map(([operation, count]) => `  ${String(count).padStart(3)}  ${operation}`);
    console.log(`Generated requests checked per operation (${lines.length} operations):\n${lines.join('\n')}`);
  });

  it('fuzzes the document the server publishes', async ({ battery: { t } }) => {
    const published = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(published.json()).toEqual(JSON.parse(JSON.stringify(document)));
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const entry of operations) {
    const { method, path, operation } = entry;
    it(
      `${method} ${path}: a documented status and body for each of ${RUNS_PER_OPERATION} generated requests, never a 5xx`,
      async ({ battery }) => {
        let checked = 0;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(entry), async (request) => {
            await checkAnswer(battery, method, path, operation, request);
            checked += 1;
          }),
          { numRuns: RUNS_PER_OPERATION, reporter: reportFailure },
        );
        checkedPerOperation.set(`${method} ${path}`, checked);
        expect(checked).toBe(RUNS_PER_OPERATION);
      },
      OPERATION_TIMEOUT_MS,
    );
  }
});
