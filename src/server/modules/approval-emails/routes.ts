import type { FastifyInstance } from 'fastify';
import { idParam } from '#shared/contracts/common';
import { addApprovalEmailBody } from '#shared/contracts/vendors';
import { userOf, type Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { parseInput } from '#server/validation';
import { addApprovalEmail, listApprovalEmails, removeApprovalEmail, type ApprovalEmailsDeps } from './service';

/** Any signed-in user may add and remove approval addresses (SPEC.md section 6); the audit trail records who did. */
export function registerApprovalEmailRoutes(
  app: FastifyInstance,
  deps: ApprovalEmailsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const signedIn = { preHandler: guards.requireUser };

  app.get('/api/approval-emails', signedIn, (request, reply) =>
    sendCachedList(request, reply, deps.cache, ['approval_emails'], () => listApprovalEmails(deps)),
  );

  app.post('/api/approval-emails', signedIn, async (request, reply) => {
    const { email } = parseInput(addApprovalEmailBody, request.body);
    return reply.code(201).send(await addApprovalEmail(deps, userOf(request), email));
  });

  app.delete('/api/approval-emails/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'id');
    await removeApprovalEmail(deps, userOf(request), id);
    return reply.code(204).send();
  });
}
