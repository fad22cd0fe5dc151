import type { FastifyInstance } from 'fastify';
import { createVendorBody, updateVendorBody, vendorIdParam } from '#shared/contracts/vendors';
import { userOf, type Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { parseInput } from '#server/validation';
import { createVendor, deleteVendor, listVendors, updateVendor, type VendorsDeps } from './service';

export function registerVendorRoutes(app: FastifyInstance, deps: VendorsDeps & { cache: ReadCache }, guards: Guards) {
  const signedIn = { preHandler: guards.requireUser };
  const admin = { preHandler: guards.requireAdmin };

  app.get('/api/vendors', signedIn, (request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendors'], () => listVendors(deps)),
  );

  app.post('/api/vendors', admin, async (request, reply) => {
    const vendor = parseInput(createVendorBody, request.body);
    return reply.code(201).send(await createVendor(deps, userOf(request), vendor));
  });

  app.put('/api/vendors/:vendorId', admin, async (request) => {
    const { vendorId } = parseInput(vendorIdParam, request.params, 'vendorId');
    const changes = parseInput(updateVendorBody, request.body);
    return updateVendor(deps, userOf(request), vendorId, changes);
  });

  app.delete('/api/vendors/:vendorId', admin, async (request, reply) => {
    const { vendorId } = parseInput(vendorIdParam, request.params, 'vendorId');
    await deleteVendor(deps, userOf(request), vendorId);
    return reply.code(204).send();
  });
}
