import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export function registerGoogleRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.get('/auth/google', async (_request, reply) => {
    if (!config.google.clientId) {
      return reply.redirect(`/auth?error=${encodeURIComponent('Google sign-in is not configured on this server.')}`);
    }
    return reply.redirect(`/auth?error=${encodeURIComponent('Google sign-in is not available yet.')}`);
  });
}
