import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '#shared/contracts/common';
import {
  importIdParam,
  resultCodeBody,
  resultsClientQuery,
  resultsImportQuery,
  resultsSettingsBody,
  resultsSummaryQuery,
  vendorCodeParam,
  vendorIdParam,
} from '#shared/contracts/results';
import { userOf, type Guards } from '#server/auth/guards';
import { AppError, forbidden } from '#server/errors';
import { closeAfterRefusal } from '#server/http/lingering-close';
import { parseInput } from '#server/validation';
import { importResults, tooLargeMessage, type ResultsDeps } from './import';
import {
  changeResultCode,
  deleteImport,
  deletePriorDonors,
  knownClient,
  listImports,
  listUnattributed,
  mappingOfQuery,
  previewImport,
  readResultCodes,
  readSettings,
  replacePriorDonors,
  saveWindow,
  sendResults,
  summary,
} from './service';

/** The content types a results file may come as (browsers give a CSV file any of these). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

/** The body as it arrives; leaving the loop early does not destroy the socket (the refusal closes it gracefully). */
function bodyOf(request: FastifyRequest): AsyncIterable<Buffer> {
  return (
    request.body as NodeJS.ReadableStream & { iterator(options: { destroyOnReturn: boolean }): AsyncIterable<Buffer> }
  ).iterator({
    destroyOnReturn: false,
  });
}

/** Runs `work` on the streamed body; whatever it did not read is dropped by a lingering close, never read whole. */
async function withBody<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    if (!request.raw.readableEnded) closeAfterRefusal(request, reply);
  }
}

/**
 * Results (issue 23): imports of contribution exports, their attribution and the figures per vendor and send, the
 * vendors' result codes, and a send's results in the Deployment Log (GET /api/email-logs/:id/results). Any signed-in
 * user imports and reads; deleting an import, result codes and prior donor files are for admins. Uploads are refused
 * (anonymous, not an admin, unknown client, bad mapping, too large by Content-Length) before their body is read.
 */
export function registerResultsRoutes(app: FastifyInstance, deps: ResultsDeps, guards: Guards) {
  const signedIn = { preHandler: guards.requireUser };
  const admin = { preHandler: guards.requireAdmin };
  const tooLarge = tooLargeMessage(deps.maxImportBytes);

  const refuseBeforeBody =
    (check: (request: FastifyRequest) => void) => async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        check(request);
      } catch (error) {
        closeAfterRefusal(request, reply);
        throw error;
      }
    };
  const checkUpload = (isPreview: boolean) =>
    refuseBeforeBody((request) => {
      const query = parseInput(resultsImportQuery, request.query, 'query');
      knownClient(query.client);
      mappingOfQuery(query.mapping);
      const length = Number(request.headers['content-length'] ?? 0);
      if (!isPreview && length > deps.maxImportBytes) throw new AppError(413, tooLarge);
    });
  const checkPriorDonors = refuseBeforeBody((request) => {
    if (!userOf(request).isAdmin) throw forbidden('Admins only');
    knownClient(parseInput(resultsClientQuery, request.query, 'query').client);
    if (Number(request.headers['content-length'] ?? 0) > deps.maxImportBytes) throw new AppError(413, tooLarge);
  });

  void app.register(async (scope) => {
    // The file is read as it arrives by the route itself, never buffered by a parser.
    scope.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

    scope.post(
      '/api/results/imports',
      { onRequest: [guards.requireUserBeforeBody, checkUpload(false)] },
      async (request, reply) => {
        const query = parseInput(resultsImportQuery, request.query, 'query');
        const counts = await withBody(request, reply, () =>
          importResults(deps, userOf(request), query.client, mappingOfQuery(query.mapping), bodyOf(request)),
        );
        return reply.code(201).send(counts);
      },
    );

    scope.post(
      '/api/results/imports/preview',
      { onRequest: [guards.requireUserBeforeBody, checkUpload(true)] },
      async (request, reply) => {
        const query = parseInput(resultsImportQuery, request.query, 'query');
        return withBody(request, reply, () =>
          previewImport(deps, query.client, mappingOfQuery(query.mapping), bodyOf(request)),
        );
      },
    );

    scope.post(
      '/api/results/prior-donors',
      { onRequest: [guards.requireUserBeforeBody, checkPriorDonors] },
      async (request, reply) => {
        const { client } = parseInput(resultsClientQuery, request.query, 'query');
        const priorDonors = await withBody(request, reply, () =>
          replacePriorDonors(deps, userOf(request), client, bodyOf(request)),
        );
        return { priorDonors };
      },
    );
  });

  const clientOf = (request: FastifyRequest) =>
    knownClient(parseInput(resultsClientQuery, request.query, 'query').client);

  app.get('/api/results/imports', signedIn, (request) => listImports(deps, clientOf(request)));
  app.delete('/api/results/imports/:importId', admin, async (request, reply) => {
    const { importId } = parseInput(importIdParam, request.params, 'params');
    await deleteImport(deps, userOf(request), importId);
    return reply.code(204).send();
  });

  app.get('/api/results/settings', signedIn, (request) => readSettings(deps, clientOf(request)));
  app.put('/api/results/settings', signedIn, (request) => {
    const client = clientOf(request);
    const { attributionWindowDays } = parseInput(resultsSettingsBody, request.body);
    return saveWindow(deps, userOf(request), client, attributionWindowDays);
  });
  app.delete('/api/results/prior-donors', admin, async (request, reply) => {
    await deletePriorDonors(deps, userOf(request), clientOf(request));
    return reply.code(204).send();
  });

  app.get('/api/results/unattributed', signedIn, (request) => listUnattributed(deps, clientOf(request)));
  app.get('/api/results/summary', signedIn, (request) => {
    const query = parseInput(resultsSummaryQuery, request.query, 'query');
    return summary(deps, knownClient(query.client), query);
  });
  app.get('/api/email-logs/:id/results', signedIn, (request) =>
    sendResults(deps, parseInput(idParam, request.params, 'params').id),
  );

  app.get('/api/vendors/:vendorId/result-codes', signedIn, (request) =>
    readResultCodes(deps, parseInput(vendorIdParam, request.params, 'params').vendorId),
  );
  app.post('/api/vendors/:vendorId/result-codes', admin, async (request, reply) => {
    const { vendorId } = parseInput(vendorIdParam, request.params, 'params');
    const { code } = parseInput(resultCodeBody, request.body);
    return reply.code(201).send(await changeResultCode(deps, userOf(request), vendorId, code, 'add'));
  });
  app.delete('/api/vendors/:vendorId/result-codes/:code', admin, (request) => {
    const { vendorId, code } = parseInput(vendorCodeParam, request.params, 'params');
    return changeResultCode(deps, userOf(request), vendorId, code, 'remove');
  });
}
