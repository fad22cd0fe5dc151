import type { FastifyInstance } from 'fastify';
import { authorizeEmail, listUsers, removeAuthorizedEmail, renewInvite, setPermissions } from '#shared/api/users';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import type { InviteMailDeps } from '../invites';
import * as users from './service';
import { addAuthorizedEmail, updatePermissions, userIdParam } from '#shared/contracts/users';
import { idParam } from '#shared/contracts/common';

export function registerUserRoutes(app: FastifyInstance, deps: InviteMailDeps, guards: Guards) {
  const route = routeDefiner(app, guards);

  route(listUsers, async () => users.listUsers(deps));

  route(authorizeEmail, { body: addAuthorizedEmail }, async ({ body, user }, _request, reply) =>
    reply.code(201).send(await users.addAuthorizedEmail(deps, user, body.email)),
  );

  route(renewInvite, { params: idParam }, async ({ params, user }, _request, reply) =>
    reply.code(201).send(await users.renewInvite(deps, user, params.id)),
  );

  route(removeAuthorizedEmail, { params: idParam }, async ({ params, user }, _request, reply) => {
    await users.removeAuthorizedEmail(deps, user, params.id);
    return reply.code(204).send();
  });

  route(setPermissions, { params: userIdParam, body: updatePermissions }, async ({ params, body, user }) =>
    users.updatePermissions(deps, user, params.userId, body.isAdmin),
  );
}
