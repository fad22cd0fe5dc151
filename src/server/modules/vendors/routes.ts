import type { FastifyInstance } from 'fastify';
import { createVendor, deleteVendor, listVendors, updateVendor } from '#shared/api/vendors';
import type { Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { routeDefiner } from '#server/http/define-route';
import * as vendors from './service';
import { createVendorBody, updateVendorBody, vendorIdParam } from '#shared/contracts/vendors';

export function registerVendorRoutes(
  app: FastifyInstance,
  deps: vendors.VendorsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const route = routeDefiner(app, guards);

  route(listVendors, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendors'], () => vendors.listVendors(deps)),
  );

  route(createVendor, { body: createVendorBody }, async ({ body, user }, _request, reply) =>
    reply.code(201).send(await vendors.createVendor(deps, user, body)),
  );

  route(updateVendor, { params: vendorIdParam, body: updateVendorBody }, async ({ params, body, user }) =>
    vendors.updateVendor(deps, user, params.vendorId, body),
  );

  route(deleteVendor, { params: vendorIdParam }, async ({ params, user }, _request, reply) => {
    await vendors.deleteVendor(deps, user, params.vendorId);
    return reply.code(204).send();
  });
}
