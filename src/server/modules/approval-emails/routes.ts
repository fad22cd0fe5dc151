import type { FastifyInstance } from 'fastify';
import { addApprovalEmail, listApprovalEmails, removeApprovalEmail } from '#shared/api/approval-emails';
import type { Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { routeDefiner } from '#server/http/define-route';
import * as approvalEmails from './service';

/** Any signed-in user may add and remove approval addresses (Settings is open to every member); the audit trail records who did. */
export function registerApprovalEmailRoutes(
  app: FastifyInstance,
  deps: approvalEmails.ApprovalEmailsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const route = routeDefiner(app, guards);

  route(listApprovalEmails, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['approval_emails'], () => approvalEmails.listApprovalEmails(deps)),
  );

  route(addApprovalEmail, async ({ body, user }) => approvalEmails.addApprovalEmail(deps, user, body.email));

  route(removeApprovalEmail, async ({ params, user }) => {
    await approvalEmails.removeApprovalEmail(deps, user, params.id);
  });
}
