import type { FastifyInstance, FastifyReply } from 'fastify';
import { userOf, type Guards } from '#server/auth/guards';
import type { Config } from '#server/config';
import type { GoogleContext } from './context';
import { callbackQuery, completeGoogleAuth, createConnectTicket, startGoogleAuth, type FlowStep } from './service';

/** Holds the PKCE verifier and the connecting user between /auth/google and its callback; sealed, HttpOnly, 10 minutes. */
export const FLOW_COOKIE = 'dispatch_google_flow';
const FLOW_COOKIE_PATH = '/auth/google';

export function registerGoogleRoutes(app: FastifyInstance, { config, google }: { config: Config; google: GoogleContext }, guards: Guards) {
  const isSecure = config.publicUrl.startsWith('https://');

  const go = (reply: FastifyReply, step: FlowStep) => {
    if (step.flowCookie) {
      // Lax: the cookie must come back on Google's top-level redirect to the callback.
      reply.setCookie(FLOW_COOKIE, step.flowCookie.value, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure,
        maxAge: step.flowCookie.maxAgeSeconds,
      });
    } else if (step.flowCookie === null) {
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure });
    }
    // The location may carry a session token: never cached (and helmet's Referrer-Policy: no-referrer keeps it out of Referer).
    return reply.header('Cache-Control', 'no-store').redirect(step.location, 302);
  };

  /** A one-time ticket that lets the browser navigation to /auth/google say who is connecting, without the bearer token. */
  app.post('/api/auth/google/connect-ticket', { preHandler: guards.requireUser }, async (request, reply) => {
    return reply.header('Cache-Control', 'no-store').code(201).send(await createConnectTicket(google.flow, userOf(request).id));
  });

  app.get('/auth/google', async (request, reply) => {
    const { ticket } = request.query as { ticket?: unknown };
    return go(reply, await startGoogleAuth(google.flow, typeof ticket === 'string' ? ticket : undefined));
  });

  app.get('/auth/google/callback', async (request, reply) => {
    const query = callbackQuery.parse(request.query ?? {});
    return go(reply, await completeGoogleAuth(google.flow, query, request.cookies[FLOW_COOKIE]));
  });
}
