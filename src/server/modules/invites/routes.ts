import type { FastifyInstance } from 'fastify';
import { inviteLookup } from '#shared/contracts/auth';
import { parseInput } from '#server/validation';
import { lookupInvite, type InviteDeps } from './service';

export function registerInviteRoutes(app: FastifyInstance, deps: Pick<InviteDeps, 'db' | 'clock'>) {
  // POST, not GET: the token is a credential and stays out of URLs and request logs.
  app.post('/api/invites/lookup', async (request) => {
    const { invite } = parseInput(inviteLookup, request.body);
    return lookupInvite(deps, invite);
  });
}
