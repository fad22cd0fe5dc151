import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addResultCode,
  deletePriorDonors as deletePriorDonorsOperation,
  deleteResultsImport,
  getResultCodes,
  getResultsSettings,
  getResultsSummary,
  getSendResults,
  importResults as importResultsOperation,
  listResultsImports,
  listUnattributed as listUnattributedOperation,
  listReversals as listReversalsOperation,
  previewResults,
  removeResultCode,
  replacePriorDonors as replacePriorDonorsOperation,
  saveResultsSettings,
} from '#shared/api/results';
import { resultsClientQuery, resultsImportQuery } from '#shared/contracts/results';
import type { Guards } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { routeDefiner } from '#server/http/define-route';
import { closeAfterRefusal } from '#server/http/lingering-close';
import { parseInput } from '#server/validation';
import { importResults, tooLargeMessage, type ResultsDeps } from './import';
import { changeResultCode, readResultCodes } from './codes-service';
import { listReversals, listUnattributed, sendResults, summary } from './figures-service';
import { previewImport } from './preview';
import { deleteImport, knownClient, listImports, mappingOfQuery } from './service';
import { deletePriorDonors, readSettings, replacePriorDonors, saveWindow } from './settings-service';

/** The content types a results file may come as (browsers give a CSV file any of these). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

type StreamedBody = NodeJS.ReadableStream & { iterator(options: { destroyOnReturn: boolean }): AsyncIterable<Buffer> };

/**
 * The body as it arrives; leaving the loop early does not destroy the socket (the refusal closes it gracefully). A body
 * that is not a CSV file (none, or JSON, which the app's own parser read) is refused.
 */
function bodyOf(request: FastifyRequest): AsyncIterable<Buffer> {
  const body = request.body as StreamedBody | undefined;
  if (typeof body?.iterator !== 'function') throw new AppError(415, 'The body must be the CSV file (text/csv)');
  return body.iterator({ destroyOnReturn: false });
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
  const route = routeDefiner(app, guards);
  const tooLarge = tooLargeMessage(deps.maxImportBytes);
  const refuseDeclaredTooLarge = (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > deps.maxImportBytes) throw new AppError(413, tooLarge);
  };
  const checkUpload = (isPreview: boolean) => (request: FastifyRequest) => {
    const query = parseInput(resultsImportQuery, request.query, 'query');
    knownClient(query.client);
    mappingOfQuery(query.mapping);
    if (!isPreview) refuseDeclaredTooLarge(request);
  };
  const checkPriorDonors = (request: FastifyRequest) => {
    knownClient(parseInput(resultsClientQuery, request.query, 'query').client);
    refuseDeclaredTooLarge(request);
  };

  void app.register(async (scope) => {
    // The file is read as it arrives by the route itself, never buffered by a parser.
    scope.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
    const upload = routeDefiner(scope, guards);

    upload(
      importResultsOperation,
      async ({ query, user }, request, reply) => {
        const counts = await withBody(request, reply, () =>
          importResults(deps, user, query.client, mappingOfQuery(query.mapping), bodyOf(request)),
        );
        return counts;
      },
      { isAuthenticatedBeforeBody: true, checkBeforeBody: checkUpload(false) },
    );

    upload(
      previewResults,
      ({ query }, request, reply) =>
        withBody(request, reply, () =>
          previewImport(deps, query.client, mappingOfQuery(query.mapping), bodyOf(request)),
        ),
      { isAuthenticatedBeforeBody: true, checkBeforeBody: checkUpload(true) },
    );

    upload(
      replacePriorDonorsOperation,
      async ({ query, user }, request, reply) => {
        const priorDonors = await withBody(request, reply, () =>
          replacePriorDonors(deps, user, query.client, bodyOf(request)),
        );
        return { priorDonors };
      },
      { isAuthenticatedBeforeBody: true, checkBeforeBody: checkPriorDonors },
    );
  });

  route(listResultsImports, ({ query }) => listImports(deps, knownClient(query.client)));
  route(deleteResultsImport, async ({ params, user }) => {
    await deleteImport(deps, user, params.importId);
  });

  route(getResultsSettings, ({ query }) => readSettings(deps, knownClient(query.client)));
  route(saveResultsSettings, ({ query, body, user }) =>
    saveWindow(deps, user, knownClient(query.client), body.attributionWindowDays),
  );
  route(deletePriorDonorsOperation, async ({ query, user }) => {
    await deletePriorDonors(deps, user, knownClient(query.client));
  });

  route(listUnattributedOperation, ({ query }) => listUnattributed(deps, knownClient(query.client)));
  route(listReversalsOperation, ({ query }) => listReversals(deps, knownClient(query.client)));
  route(getResultsSummary, ({ query }) => summary(deps, knownClient(query.client), query));
  route(getSendResults, ({ params }) => sendResults(deps, params.id));

  route(getResultCodes, ({ params }) => readResultCodes(deps, params.vendorId));
  route(addResultCode, async ({ params, body, user }) =>
    changeResultCode(deps, user, params.vendorId, body.code, 'add'),
  );
  route(removeResultCode, ({ params, user }) => changeResultCode(deps, user, params.vendorId, params.code, 'remove'));
}
