import type { FastifyInstance } from 'fastify';
import { createVendor, deleteVendor, listVendors, updateVendor } from '#shared/api/vendors';
import type { Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { routeDefiner } from '#server/http/define-route';
import * as vendors from './service';

export function registerVendorRoutes(
  app: FastifyInstance,
  deps: vendors.VendorsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const route = routeDefiner(app, guards);

  route(listVendors, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendors'], () => vendors.listVendors(deps)),
  );

  route(createVendor, async ({ body, user }) => vendors.createVendor(deps, user, body));

  route(updateVendor, async ({ params, body, user }) => vendors.updateVendor(deps, user, params.vendorId, body));

  route(deleteVendor, async ({ params, user }) => {
    await vendors.deleteVendor(deps, user, params.vendorId);
  });
}
