import type { FastifyInstance } from 'fastify';
import { sendConsolidated, sendProof } from '#shared/api/send';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import type { UserLimiter, UserLimiters } from '../rate-limits';
import * as directSend from './proof';
import * as sends from './service';

/**
 * Room for one send at the upload limits as JSON: 20 MB of attachments, images base64-encoded (x 4/3) and sent
 * twice (on the text card and in imageAttachments), plus CSV text. Above it: 413 from the error handler; the
 * per-file and per-message limits answer their own 413 after parsing.
 */
export const SEND_BODY_LIMIT = 80 * 1024 * 1024;

export function registerSendRoutes(
  app: FastifyInstance,
  deps: sends.SendDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'sends' | 'proofs'>,
) {
  const route = routeDefiner(app, guards);
  // Authenticated (and counted against the user's limit) before the body is read.
  const withFiles = (limit: UserLimiter) => ({ isAuthenticatedBeforeBody: true, limit, bodyLimit: SEND_BODY_LIMIT });

  route(
    sendConsolidated,
    async ({ body, headers, user }, _request, reply) => {
      const key = headers['Idempotency-Key'];
      const { isReplay, ...result } = await sends.sendConsolidated(deps, user.id, body, key);
      if (isReplay) reply.header('Idempotent-Replayed', 'true');
      return result;
    },
    withFiles(limits.sends),
  );

  route(
    sendProof,
    async ({ body: { vendorId, ...body }, user }) => directSend.sendProof(deps, user.id, vendorId, body),
    withFiles(limits.proofs),
  );
}
