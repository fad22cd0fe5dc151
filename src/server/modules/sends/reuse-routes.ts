import type { FastifyInstance } from 'fastify';
import { emailLogIdParams } from '#shared/contracts/email-logs';
import { addVendorsBody, addVendorsPreviewBody, compareQuery, useAsNewSendBody } from '#shared/contracts/past-sends';
import { userOf, type Guards } from '#server/auth/guards';
import { parseInput } from '#server/validation';
import type { UserLimiters } from '../rate-limits/limits';
import { idempotencyKeyOf } from './routes';
import type { DraftsDeps } from '../drafts/service';
import type { SendDeps } from './service';
import { addVendors, previewAddedVendor, proofAddedVendor } from './add-vendors';
import { compareVendorMessages } from './compare';
import { useAsNewSend } from './use-as-new';

/** Reusing a past send: start a new one from it, add vendors to it, compare what two vendors got. */
export function registerPastSendRoutes(
  app: FastifyInstance,
  deps: SendDeps & DraftsDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'sends' | 'proofs'>,
) {
  const signedIn = { preHandler: guards.requireUser };

  app.post('/api/email-logs/:id/use-as-new-send', signedIn, async (request) => {
    const { id } = parseInput(emailLogIdParams, request.params, 'id');
    const { replaceDraft } = parseInput(useAsNewSendBody, request.body ?? {});
    return useAsNewSend(deps, userOf(request).id, id, replaceDraft);
  });

  app.post(
    '/api/email-logs/:id/add-vendors',
    { onRequest: [guards.requireUserBeforeBody, limits.sends] },
    async (request, reply) => {
      const { id } = parseInput(emailLogIdParams, request.params, 'id');
      const key = idempotencyKeyOf(request);
      const { vendorIds } = parseInput(addVendorsBody, request.body);
      const { isReplay, ...result } = await addVendors(deps, userOf(request), id, vendorIds, key);
      if (isReplay) reply.header('Idempotent-Replayed', 'true');
      return result;
    },
  );

  app.post('/api/email-logs/:id/add-vendors/preview', signedIn, async (request) => {
    const { id } = parseInput(emailLogIdParams, request.params, 'id');
    const { vendorIds, vendorId } = parseInput(addVendorsPreviewBody, request.body);
    return previewAddedVendor(deps, userOf(request).id, id, vendorIds, vendorId);
  });

  app.post(
    '/api/email-logs/:id/add-vendors/proof',
    { onRequest: [guards.requireUserBeforeBody, limits.proofs] },
    async (request) => {
      const { id } = parseInput(emailLogIdParams, request.params, 'id');
      const { vendorIds, vendorId } = parseInput(addVendorsPreviewBody, request.body);
      return proofAddedVendor(deps, userOf(request).id, id, vendorIds, vendorId);
    },
  );

  app.get('/api/email-logs/:id/compare', signedIn, async (request) => {
    const { id } = parseInput(emailLogIdParams, request.params, 'id');
    const { a, b } = parseInput(compareQuery, request.query, 'query');
    return compareVendorMessages(deps, id, a, b);
  });
}
