import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadCache, WatchedTable } from '#server/cache/read-cache';

/** A JSON answer serialized once, with a strong ETag of its bytes. */
export interface JsonBytes {
  body: Buffer;
  etag: string;
}

export function toJsonBytes(value: unknown): JsonBytes {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
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
  const bytes = await cache.read(`list ${request.routeOptions.url}`, tables, async () => toJsonBytes(await load()));
  return sendJsonBytes(request, reply, bytes);
}
