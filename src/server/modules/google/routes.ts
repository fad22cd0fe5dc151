import type { FastifyInstance, FastifyReply } from 'fastify';
import { createGoogleConnectTicket, exchangeGoogleCode } from '#shared/api/session';
import type { Guards } from '#server/auth/guards';
import type { Config } from '#server/config';
import { routeDefiner } from '#server/http/define-route';
import type { GoogleContext } from './context';
import { callbackQuery, completeGoogleAuth, createConnectTicket, startGoogleAuth, type FlowStep } from './service';
import { exchangeSignInCode } from './sign-in-code';

/** Holds the PKCE verifier and the connecting user between /auth/google and its callback; sealed, HttpOnly, 10 minutes. */
export const FLOW_COOKIE = 'dispatch_google_flow';
const FLOW_COOKIE_PATH = '/auth/google';
/** Binds the one-time code of `/?google_code=` to the browser that signed in; sealed, HttpOnly, sent only to the exchange. */
export const EXCHANGE_COOKIE = 'dispatch_google_exchange';
const EXCHANGE_PATH = exchangeGoogleCode.path;

export function registerGoogleRoutes(
  app: FastifyInstance,
  { config, google }: { config: Config; google: GoogleContext },
  guards: Guards,
) {
  const isSecure = config.publicUrl.startsWith('https://');
  const flowCookieOptions = { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure } as const;
  // Strict: the exchange is a same-origin fetch, never a navigation from another site.
  const exchangeCookieOptions = { path: EXCHANGE_PATH, httpOnly: true, sameSite: 'strict', secure: isSecure } as const;

  const go = (reply: FastifyReply, step: FlowStep) => {
    if (step.flowCookie) {
      // Lax: the cookie must come back on Google's top-level redirect to the callback.
      reply.setCookie(FLOW_COOKIE, step.flowCookie.value, {
        ...flowCookieOptions,
        maxAge: step.flowCookie.maxAgeSeconds,
      });
    } else if (step.flowCookie === null) {
      reply.clearCookie(FLOW_COOKIE, flowCookieOptions);
    }
    if (step.exchangeCookie) {
      reply.setCookie(EXCHANGE_COOKIE, step.exchangeCookie.value, {
        ...exchangeCookieOptions,
        maxAge: step.exchangeCookie.maxAgeSeconds,
      });
    }
    // The location may carry a one-time code: never cached (and helmet's Referrer-Policy: no-referrer keeps it out of Referer).
    return reply.header('Cache-Control', 'no-store').redirect(step.location, 302);
  };

  /** A one-time ticket that lets the browser navigation to /auth/google say who is connecting, without the bearer token. */
  const route = routeDefiner(app, guards);
  route(createGoogleConnectTicket, async ({ user }, _request, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .code(201)
      .send(await createConnectTicket(google.flow, user.id)),
  );

  /** The session token for the one-time code a Google sign-in ended with, presented by the same browser. */
  route(exchangeGoogleCode, async ({ body }, request, reply) => {
    const session = await exchangeSignInCode(google.flow, body.code, request.cookies[EXCHANGE_COOKIE]);
    reply.clearCookie(EXCHANGE_COOKIE, exchangeCookieOptions);
    return reply.header('Cache-Control', 'no-store').send(session);
  });

  app.get('/auth/google', async (request, reply) => {
    const { ticket } = request.query as { ticket?: unknown };
    return go(reply, await startGoogleAuth(google.flow, typeof ticket === 'string' ? ticket : undefined));
  });

  app.get('/auth/google/callback', { config: { writes: true } }, async (request, reply) => {
    const query = callbackQuery.parse(request.query ?? {});
    return go(reply, await completeGoogleAuth(google.flow, query, request.cookies[FLOW_COOKIE]));
  });
}
