import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what `fastify-plugin` does, without the dependency): its hooks, decorators and
 * not-found handler land on the instance that registers it. Only for what must apply to the whole app; a module's
 * routes stay in a context of their own.
 */
export function globalPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
