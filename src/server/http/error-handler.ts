import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorCode, type ErrorCode } from '#shared/api/error-codes';
import { databaseErrorOf, httpErrorOfDatabaseError, isDatabaseUnavailable, isOutOfSpace } from '#server/db/errors';
import { AppError, serviceUnavailable } from '#server/errors';
import { codesOf, responsesOf } from '#server/openapi/document';
import { FileStoreUnavailableError } from '#server/storage/storage';

/** When a client may try again after the file store failed. */
const FILE_STORE_RETRY_AFTER_SECONDS = 30;

const DATABASE_UNAVAILABLE = 'The database cannot be reached right now. Please try again in a few seconds.';
const OUT_OF_SPACE =
  "The server's disk is full: nothing was saved or sent. Ask an administrator to free some space, then try again.";
const INTERNAL = 'Something went wrong on our side. Please try again.';

/** The PostgreSQL server's port, to tell its refused connections from other servers'. */
function portOfDatabase(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    return Number(new URL(url).port || 5432);
  } catch {
    return undefined;
  }
}

/** The answer of an error: its message, its status's default code unless it says its own, and its fields. */
const answer = (
  message: string,
  status: number,
  extra: Record<string, unknown> = {},
  code: ErrorCode = defaultErrorCode(status),
) => ({ message, code, ...extra });

/** The code is its status's default, or one the route's operation declares for that status (none: not our route). */
function isDeclared(error: AppError, request: FastifyRequest): boolean {
  const operation = request.routeOptions.config.operation;
  if (!operation || error.code === defaultErrorCode(error.statusCode)) return true;
  return codesOf(error.statusCode, responsesOf(operation)[error.statusCode]).includes(error.code);
}

export interface ErrorHandlerOptions {
  databaseUrl: string | undefined;
  /**
   * Tests: an AppError whose code its route's operation does not declare for its status is logged and answered 500,
   * so that a code the OpenAPI document does not list never passes a test.
   */
  checkContract?: boolean;
}

/**
 * The one error handler: every failure answers `{ message, code }` with its status (decision 0081). AppErrors say their
 * own; a full disk is 507, an away file store or database 503 with Retry-After, a value the database refused 4xx; other
 * 5xx details stay in the log.
 */
export function createErrorHandler({ databaseUrl, checkContract = false }: ErrorHandlerOptions) {
  const databasePort = portOfDatabase(databaseUrl);
  return (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (checkContract && !isDeclared(error, request)) {
        request.log.error({ err: error, code: error.code }, 'an error code its operation does not declare');
        return reply.code(500).send(answer(INTERNAL, 500));
      }
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(answer(error.message, error.statusCode, error.extra, error.code));
    }
    if (isOutOfSpace(error)) {
      // Not passing by itself: a person must free space. Before the file store's 503, which a full disk also raises.
      request.log.error({ err: error }, 'out of disk space');
      return reply.code(507).send(answer(OUT_OF_SPACE, 507));
    }
    if (error instanceof FileStoreUnavailableError) {
      // Not the client's doing and likely to pass (a bucket restarting, a network blip): 503, named in the log only.
      request.log.error({ err: error }, 'file store unavailable');
      const message = ['The file store is unavailable right now.', error.consequence, 'Please try again in a minute.']
        .filter(Boolean)
        .join(' ');
      return reply
        .code(503)
        .headers({ 'Retry-After': String(FILE_STORE_RETRY_AFTER_SECONDS) })
        .send(answer(message, 503));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send(
          answer(
            'The upload is too large: HTML and CSV files may be at most 10 MB each, images 5 MB, and the attachments of one message 20 MB.',
            413,
          ),
        );
    }
    const refused = httpErrorOfDatabaseError(error);
    if (refused) {
      // A value validation let through: the client's mistake, but ours to close. Never the query or its parameters.
      request.log.warn({ database: databaseErrorOf(error) }, 'the database refused a value');
      return reply.code(refused.statusCode).send(answer(refused.message, refused.statusCode));
    }
    if (isDatabaseUnavailable(error, databasePort)) {
      // Away for now (a restart, a failover, the network): the client may try again; the process carries on.
      request.log.error({ err: error }, 'the database is unavailable');
      const unavailable = serviceUnavailable(DATABASE_UNAVAILABLE);
      return reply
        .code(unavailable.statusCode)
        .headers(unavailable.headers)
        .send(answer(unavailable.message, unavailable.statusCode));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(answer(error.message, status));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(answer(INTERNAL, 500));
  };
}
