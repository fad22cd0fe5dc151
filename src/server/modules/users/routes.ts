import type { FastifyInstance } from 'fastify';
import { authorizeEmail, listUsers, removeAuthorizedEmail, renewInvite, setPermissions } from '#shared/api/users';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import type { InviteMailDeps } from '../invites';
import * as users from './service';

export function registerUserRoutes(app: FastifyInstance, deps: InviteMailDeps, guards: Guards) {
  const route = routeDefiner(app, guards);

  route(listUsers, async () => users.listUsers(deps));

  route(authorizeEmail, async ({ body, user }) => users.addAuthorizedEmail(deps, user, body.email));

  route(renewInvite, async ({ params, user }) => users.renewInvite(deps, user, params.id));

  route(removeAuthorizedEmail, async ({ params, user }) => {
    await users.removeAuthorizedEmail(deps, user, params.id);
  });

  route(setPermissions, async ({ params, body, user }) =>
    users.updatePermissions(deps, user, params.userId, body.isAdmin),
  );
}
