import type { FastifyInstance } from 'fastify';
import { vendorCosts, vendorSplit, vendorUtmSource } from '#shared/contracts/vendors';
import { userOf, type Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { parseInput } from '#server/validation';
import {
  listCosts,
  listSplits,
  listUtmSources,
  saveCosts,
  saveSplit,
  saveUtmSource,
  type VendorSettingsDeps,
} from './service';

/**
 * A vendor's split, UTM override and costs: any signed-in user may read and change them (SPEC.md section 6).
 * Each POST is an upsert: 201 when it creates the vendor's row, 200 when it replaces it.
 */
export function registerVendorSettingsRoutes(
  app: FastifyInstance,
  deps: VendorSettingsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const signedIn = { preHandler: guards.requireUser };

  app.get('/api/vendor-splits', signedIn, (request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_splits'], () => listSplits(deps)),
  );
  app.post('/api/vendor-splits', signedIn, async (request, reply) => {
    const { saved, isCreated } = await saveSplit(deps, userOf(request), parseInput(vendorSplit, request.body));
    return reply.code(isCreated ? 201 : 200).send(saved);
  });

  app.get('/api/vendor-utm-sources', signedIn, (request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_utm_sources'], () => listUtmSources(deps)),
  );
  app.post('/api/vendor-utm-sources', signedIn, async (request, reply) => {
    const { saved, isCreated } = await saveUtmSource(deps, userOf(request), parseInput(vendorUtmSource, request.body));
    return reply.code(isCreated ? 201 : 200).send(saved);
  });

  app.get('/api/vendor-costs', signedIn, (request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_costs'], () => listCosts(deps)),
  );
  app.post('/api/vendor-costs', signedIn, async (request, reply) => {
    const { saved, isCreated } = await saveCosts(deps, userOf(request), parseInput(vendorCosts, request.body));
    return reply.code(isCreated ? 201 : 200).send(saved);
  });
}
