import type { FastifyInstance } from 'fastify';
import { getFirstName, getUser, logIn, logOut, register } from '#shared/api/session';
import { bearerToken, type Guards } from '#server/auth/guards';
import { hashToken } from '#server/auth/tokens';
import { routeDefiner } from '#server/http/define-route';
import * as session from './service';

export function registerSessionRoutes(app: FastifyInstance, deps: session.SessionDeps, guards: Guards) {
  const route = routeDefiner(app, guards);

  route(register, async ({ body }, request) => session.registerUser(deps, body, request.ip));

  route(logIn, async ({ body }, request) => session.loginUser(deps, body.email, body.password, request.ip));

  route(logOut, async (_input, request) => {
    const token = bearerToken(request);
    if (token) await session.logoutSession(deps, hashToken(token));
  });

  route(getUser, async ({ user }) => {
    const { tokenHash: _tokenHash, ...shown } = user;
    return shown;
  });

  route(getFirstName, async ({ user }) => session.getFirstName(deps, user.email));
}
