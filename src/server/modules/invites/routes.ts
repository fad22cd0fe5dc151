import type { FastifyInstance } from 'fastify';
import { lookUpInvite } from '#shared/api/session';
import { routeDefiner } from '#server/http/define-route';
import { lookupInvite, type InviteDeps } from './service';

export function registerInviteRoutes(app: FastifyInstance, deps: Pick<InviteDeps, 'db' | 'clock'>) {
  // POST, not GET: the token is a credential and stays out of URLs and request logs.
  routeDefiner(app)(lookUpInvite, async ({ body }) => lookupInvite(deps, body.invite));
}
