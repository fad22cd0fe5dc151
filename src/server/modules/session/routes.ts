import type { FastifyInstance } from 'fastify';
import { credentials, registration } from '#shared/contracts/auth';
import { bearerToken, userOf, type Guards } from '#server/auth/guards';
import { hashToken } from '#server/auth/tokens';
import { parseInput } from '#server/validation';
import { getFirstName, loginUser, logoutSession, registerUser, type SessionDeps } from './service';

export function registerSessionRoutes(app: FastifyInstance, deps: SessionDeps, guards: Guards) {
  app.post('/api/register', async (request, reply) => {
    const input = parseInput(registration, request.body);
    return reply.code(201).send(await registerUser(deps, input, request.ip));
  });

  app.post('/api/login', async (request) => {
    const { email, password } = parseInput(credentials, request.body);
    return loginUser(deps, email, password, request.ip);
  });

  app.post('/api/logout', async (_request, reply) => {
    const token = bearerToken(_request);
    if (token) await logoutSession(deps, hashToken(token));
    return reply.code(204).send();
  });

  app.get('/api/user', { preHandler: guards.requireUser }, async (request) => {
    const { tokenHash: _tokenHash, ...user } = userOf(request);
    return user;
  });

  app.get('/api/user/first-name', { preHandler: guards.requireUser }, async (request) => {
    return getFirstName(deps, userOf(request).email);
  });
}
