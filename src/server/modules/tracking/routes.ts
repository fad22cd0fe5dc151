import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailLogDeliveryParams as deliveryParams } from '#shared/contracts/email-logs';
import { seedTestReview, trackingBoardQuery, vendorAction } from '#shared/contracts/tracking';
import { userOf, type Guards } from '#server/auth/guards';
import { sendJsonBytes, toJsonBytes } from '#server/http/cached-json';
import { parseInput } from '#server/validation';
import type { UserLimiter } from '../rate-limits/limits';
import * as tracking from './service';

/**
 * The team's side of deployment tracking. What changes what a send's vendors get (answers, links turned off, updates
 * recorded) counts against the user's `vendorUpdates` limit.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  deps: tracking.ReviewDeps,
  guards: Guards,
  limit: UserLimiter,
) {
  const signedIn = { preHandler: guards.requireUser };
  const limited = { preHandler: [guards.requireUser, limit] };

  // Polled every few seconds while the board is open: answered with a strong ETag of its bytes, 304 when unchanged.
  app.get('/api/tracking', signedIn, async (request, reply) => {
    const query = parseInput(trackingBoardQuery, request.query, 'query');
    return sendJsonBytes(request, reply, toJsonBytes(await tracking.getTrackingBoard(deps, query)));
  });

  app.post('/api/email-logs/:id/deliveries/:vendorId/revoke-link', limited, async (request) => {
    const { id, vendorId } = parseInput(deliveryParams, request.params, 'id');
    return tracking.revokeVendorLink(deps, userOf(request), id, vendorId);
  });

  app.post('/api/email-logs/:id/deliveries/:vendorId/review', limited, async (request) => {
    const { id, vendorId } = parseInput(deliveryParams, request.params, 'id');
    const review = parseInput(seedTestReview, request.body);
    return tracking.reviewSeedTest(deps, userOf(request), id, vendorId, review);
  });

  // 'Record an update' on a vendor's behalf: the vendor page's action body and rule, with or without a working link.
  // The session is checked before the body is read.
  app.post(
    '/api/email-logs/:id/deliveries/:vendorId/tracking',
    { onRequest: [guards.requireUserBeforeBody, limit] },
    async (request) => {
      const { id, vendorId } = parseInput(deliveryParams, request.params, 'id');
      const action = parseInput(vendorAction, request.body);
      return tracking.recordVendorUpdate(deps, userOf(request), id, vendorId, action, originOf(request));
    },
  );
}

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
