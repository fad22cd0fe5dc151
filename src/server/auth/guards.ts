import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { closeAfterRefusal } from '../http/lingering-close';
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
  /**
   * An `onRequest` hook for the routes that take a large body: it runs before the body is read, so an anonymous or
   * expired token is refused without buffering or parsing megabytes.
   */
  requireUserBeforeBody(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createGuards(deps: SessionDeps): Guards {
  const requireUser = async (request: FastifyRequest) => {
    request.user = await authenticateToken(deps, bearerToken(request));
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user?.isAdmin) throw forbidden('Admins only');
  };
  const requireUserBeforeBody = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await requireUser(request);
    } catch (error) {
      // Node would otherwise read the whole unread upload to keep the connection alive: the connection ends after the
      // refusal, reading no more than a bounded part of the upload.
      closeAfterRefusal(request, reply);
      throw error;
    }
  };
  return { requireUser, requireAdmin, requireUserBeforeBody };
}

/** The signed-in user of a request that passed a guard. */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
