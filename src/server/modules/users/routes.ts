import type { FastifyInstance } from 'fastify';
import { idParam } from '#shared/contracts/common';
import {
  addAuthorizedEmail as addAuthorizedEmailBody,
  updatePermissions as updatePermissionsBody,
  userIdParam,
} from '#shared/contracts/users';
import { userOf, type Guards } from '#server/auth/guards';
import { parseInput } from '#server/validation';
import type { InviteMailDeps } from '../invites/mail';
import { addAuthorizedEmail, listUsers, removeAuthorizedEmail, renewInvite, updatePermissions } from './service';

export function registerUserRoutes(app: FastifyInstance, deps: InviteMailDeps, guards: Guards) {
  const admin = { preHandler: guards.requireAdmin };

  app.get('/api/users', admin, async () => listUsers(deps));

  app.post('/api/authorized-emails', admin, async (request, reply) => {
    const { email } = parseInput(addAuthorizedEmailBody, request.body);
    return reply.code(201).send(await addAuthorizedEmail(deps, userOf(request), email));
  });

  app.post('/api/authorized-emails/:id/invite', admin, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'id');
    return reply.code(201).send(await renewInvite(deps, userOf(request), id));
  });

  app.delete('/api/authorized-emails/:id', admin, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'id');
    await removeAuthorizedEmail(deps, userOf(request), id);
    return reply.code(204).send();
  });

  app.patch('/api/users/:userId/permissions', admin, async (request) => {
    const { userId } = parseInput(userIdParam, request.params, 'userId');
    const { isAdmin } = parseInput(updatePermissionsBody, request.body);
    return updatePermissions(deps, userOf(request), userId, isAdmin);
  });
}
