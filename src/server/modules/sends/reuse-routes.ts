import type { FastifyInstance } from 'fastify';
import {
  addVendors as addVendorsOperation,
  compareMessages,
  previewAddedVendor as previewOperation,
  proofAddedVendor as proofOperation,
  useAsNewSend as useAsNewSendOperation,
} from '#shared/api/sends';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import type { UserLimiters } from '../rate-limits';
import type { DraftsDeps } from '../drafts';
import type { SendDeps } from './service';
import { addVendors, previewAddedVendor, proofAddedVendor } from './add-vendors';
import { compareVendorMessages } from './compare';
import { useAsNewSend } from './use-as-new';

/** Reusing a past send: start a new one from it, add vendors to it, compare what two vendors got. */
export function registerSendReuseRoutes(
  app: FastifyInstance,
  deps: SendDeps & DraftsDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'sends' | 'proofs'>,
) {
  const route = routeDefiner(app, guards);

  route(useAsNewSendOperation, async ({ params, body, user }) =>
    useAsNewSend(deps, user.id, params.id, body.replaceDraft),
  );

  route(
    addVendorsOperation,
    async ({ params, body, headers, user }, _request, reply) => {
      const key = headers['Idempotency-Key'];
      const { isReplay, ...result } = await addVendors(deps, user, params.id, body.vendorIds, key);
      if (isReplay) reply.header('Idempotent-Replayed', 'true');
      return result;
    },
    { isAuthenticatedBeforeBody: true, limit: limits.sends },
  );

  route(previewOperation, async ({ params, body, user }) =>
    previewAddedVendor(deps, user.id, params.id, body.vendorIds, body.vendorId),
  );

  route(
    proofOperation,
    async ({ params, body, user }) => proofAddedVendor(deps, user.id, params.id, body.vendorIds, body.vendorId),
    { isAuthenticatedBeforeBody: true, limit: limits.proofs },
  );

  route(compareMessages, async ({ params, query }) => compareVendorMessages(deps, params.id, query.a, query.b));
}
