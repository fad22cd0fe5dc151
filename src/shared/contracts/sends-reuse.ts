import * as z from 'zod/mini';
import { vendorIdValue } from './vendors';

/** Requests of reusing a past send: 'Use as new send', 'Add vendors' and comparing two vendors' messages. */

export * from './responses/sends-reuse';

const vendorIdList = z.array(vendorIdValue, { error: 'must be a list of vendor ids' }).check(
  z.minLength(1, { error: 'must name at least one vendor' }),
  z.maxLength(200, { error: 'may name at most 200 vendors' }),
  z.refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a vendor' }),
);

/** POST /api/email-logs/{id}/use-as-new-send: replaceDraft confirms that a send in progress may be replaced. */
export const useAsNewSendBody = z.object({
  replaceDraft: z._default(z.boolean({ error: 'must be true or false' }), false),
});
export type UseAsNewSendBody = z.input<typeof useAsNewSendBody>;

/** POST /api/email-logs/{id}/add-vendors (an optional Idempotency-Key header makes a retry safe). */
export const addVendorsBody = z.object({ vendorIds: vendorIdList });
export type AddVendorsBody = z.input<typeof addVendorsBody>;

/** POST /api/email-logs/{id}/add-vendors/preview and /proof: the vendors being added and the one to show. */
export const addVendorsPreviewBody = z.object({ vendorIds: vendorIdList, vendorId: vendorIdValue }).check(
  z.refine((body) => body.vendorIds.includes(body.vendorId), {
    error: 'must be one of vendorIds',
    path: ['vendorId'],
  }),
);
export type AddVendorsPreviewBody = z.input<typeof addVendorsPreviewBody>;

/** GET /api/email-logs/{id}/compare?a=&b=. */
export const compareQuery = z
  .object({ a: vendorIdValue, b: vendorIdValue })
  .check(z.refine((query) => query.a !== query.b, { error: 'must name two different vendors', path: ['b'] }));
