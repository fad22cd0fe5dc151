import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { createAppContext, type AppDeps } from './app-context';
import { settleCacheBeforeAnswer } from './cache/settle-hook';
import { createErrorHandler } from './http/error-handler';
import { refuseWhileClosing } from './http/refuse-while-closing';
import { registerSecurityHeaders } from './http/security-headers';
import { spaPlugin } from './http/spa';
import { registerLifecycle } from './lifecycle';
import { loggerOptions } from './logging';
import { MODULE_PLUGINS } from './modules/plugins';
import { registerOpenApiRoutes } from './openapi/routes';

export type { AppDeps } from './app-context';

/** Trust the nearest `hops` proxies, as a number of hops means for X-Forwarded-For. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The app, composed: what applies to every route on the root instance (the refusal while closing, cookies, security
 * headers, the error handler, the cache's wait before an answer, rate limiting), then the lifecycle and the shared
 * context, then each module as a plugin of its own (modules/plugins.ts), then the client and the not-found answer.
 */
export async function buildApp(deps: AppDeps) {
  const errorHandler = createErrorHandler({ databaseUrl: deps.config.databaseUrl, checkContract: deps.checkContract });
  const app = Fastify({
    logger: deps.logger ? loggerOptions(deps.logger) : false,
    // Only a configured proxy may set the client address (X-Forwarded-For), which sign-in throttling keys on.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    // Our own answer (refuseWhileClosing), with Retry-After and a message, instead of Fastify's bare one.
    return503OnClosing: false,
    // A URL the router refuses (a path parameter over 100 characters: 414, a malformed one: 400) answers as every error.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
  });

  refuseWhileClosing(app);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  app.decorateRequest('user', null);
  app.setErrorHandler(errorHandler);
  registerOpenApiRoutes(app);

  const lifecycle = registerLifecycle(app);
  const context = await createAppContext(app, deps, lifecycle);
  settleCacheBeforeAnswer(app, context.cache);
  for (const plugin of MODULE_PLUGINS) await app.register(plugin, context);
  await app.register(spaPlugin, { clientDir: deps.clientDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
