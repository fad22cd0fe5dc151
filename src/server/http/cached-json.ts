import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { ReadCache, WatchedTable } from '#server/cache/read-cache';
import { answerSchemaOf, declaredAnswer } from '#server/http/declared-answer';

/** A JSON answer serialized once, with a strong ETag of its bytes. */
export interface JsonBytes {
  body: Buffer;
  etag: string;
}

/**
 * The bytes of an answer; with the schema its route declares (answerSchemaOfRoute), only what that schema names, as
 * the preSerialization filter would have left it: the ready-made bytes skip that filter.
 */
export function toJsonBytes(value: unknown, schema?: z.ZodMiniType): JsonBytes {
  const body = Buffer.from(JSON.stringify(schema ? declaredAnswer(schema, value) : value));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The schema the request's route declares for its success answer (defineRoute keeps the operation in its config). */
export function answerSchemaOfRoute(request: FastifyRequest): z.ZodMiniType | undefined {
  const operation = request.routeOptions.config.operation;
  return operation ? answerSchemaOf(operation.responses, 200) : undefined;
}

/** If-None-Match names the ETag (a list of tags, `*`, weak or strong: RFC 9110 uses the weak comparison here). */
export function isNoneMatched(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/** Answers the bytes, or 304 with no body when the client already holds them. */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, { body, etag }: JsonBytes) {
  reply.header('ETag', etag);
  if (isNoneMatched(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * A list every page reads, serialized once per change: kept in the read cache as bytes until a write to one of
 * `tables` commits, answered with its ETag (304 when the client holds it).
 */
export async function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  tables: readonly WatchedTable[],
  load: () => Promise<unknown>,
) {
  const bytes = await cache.read(`list ${request.routeOptions.url}`, tables, async () =>
    toJsonBytes(await load(), answerSchemaOfRoute(request)),
  );
  return sendJsonBytes(request, reply, bytes);
}
