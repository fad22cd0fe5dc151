import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendBody } from '#shared/contracts/send';
import { vendorIdValue } from '#shared/contracts/vendors';
import { userOf, type Guards } from '#server/auth/guards';
import { badRequest } from '#server/errors';
import { parseInput } from '#server/validation';
import type { UserLimiter, UserLimiters } from '../rate-limits/limits';
import * as sends from './service';

/**
 * Room for one send at PRODUCT.md's limits as JSON: 20 MB of attachments, images base64-encoded (x 4/3) and sent
 * twice (on the text card and in imageAttachments), plus CSV text. Above it: 413 from the error handler; the
 * per-file and per-message limits answer their own 413 after parsing.
 */
export const SEND_BODY_LIMIT = 80 * 1024 * 1024;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The optional Idempotency-Key header: 1 to 255 printable ASCII characters (a UUID from the client is ideal). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY.test(value.trim())) {
    throw badRequest('Idempotency-Key must be 1 to 255 printable characters without spaces.', {
      field: 'Idempotency-Key',
    });
  }
  return value.trim();
}

const proofTarget = z.object({ vendorId: vendorIdValue });

export function registerSendRoutes(
  app: FastifyInstance,
  deps: sends.SendDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'sends' | 'proofs'>,
) {
  // Authenticated (and counted against the user's limit) before the body is read.
  const withFiles = (limiter: UserLimiter) => ({
    onRequest: [guards.requireUserBeforeBody, limiter],
    bodyLimit: SEND_BODY_LIMIT,
  });

  app.post('/api/send-email-consolidated', withFiles(limits.sends), async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const body = parseInput(sendBody, request.body);
    const { isReplay, ...result } = await sends.sendConsolidated(deps, userOf(request).id, body, key);
    if (isReplay) reply.header('Idempotent-Replayed', 'true');
    return result;
  });

  app.post('/api/send-proof', withFiles(limits.proofs), async (request) => {
    const { vendorId } = parseInput(proofTarget, request.body);
    const body = parseInput(sendBody, request.body);
    return sends.sendProof(deps, userOf(request).id, vendorId, body);
  });
}
