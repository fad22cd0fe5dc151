import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  listVendorCosts,
  listVendorSplits,
  listVendorUtmSources,
  saveVendorCosts,
  saveVendorSplit,
  saveVendorUtmSource,
} from '#shared/api/vendor-settings';
import type { Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendCachedList } from '#server/http/cached-json';
import { routeDefiner } from '#server/http/define-route';
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
 * A vendor's split, UTM override and costs: any signed-in user may read and change them (Settings is open to every member).
 * Each POST is an upsert: 201 when it creates the vendor's row, 200 when it replaces it.
 */
export function registerVendorSettingsRoutes(
  app: FastifyInstance,
  deps: VendorSettingsDeps & { cache: ReadCache },
  guards: Guards,
) {
  const route = routeDefiner(app, guards);
  const upserted = (reply: FastifyReply, { saved, isCreated }: { saved: unknown; isCreated: boolean }) =>
    reply.code(isCreated ? 201 : 200).send(saved);

  route(listVendorSplits, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_splits'], () => listSplits(deps)),
  );
  route(saveVendorSplit, async ({ body, user }, _request, reply) => upserted(reply, await saveSplit(deps, user, body)));

  route(listVendorUtmSources, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_utm_sources'], () => listUtmSources(deps)),
  );
  route(saveVendorUtmSource, async ({ body, user }, _request, reply) =>
    upserted(reply, await saveUtmSource(deps, user, body)),
  );

  route(listVendorCosts, (_input, request, reply) =>
    sendCachedList(request, reply, deps.cache, ['vendor_costs'], () => listCosts(deps)),
  );
  route(saveVendorCosts, async ({ body, user }, _request, reply) => upserted(reply, await saveCosts(deps, user, body)));
}
