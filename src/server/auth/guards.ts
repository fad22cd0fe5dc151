import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { authenticateToken, type AuthenticatedUser, type SessionDeps } from '../modules/session/service';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export interface Guards {
  requireUser(request: FastifyRequest): Promise<void>;
  requireAdmin(request: FastifyRequest): Promise<void>;
}

export function createGuards(deps: SessionDeps): Guards {
  const requireUser = async (request: FastifyRequest) => {
    request.user = await authenticateToken(deps, bearerToken(request));
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user?.isAdmin) throw forbidden('Admins only');
  };
  return { requireUser, requireAdmin };
}

/** The signed-in user of a request that passed a guard. */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
