import * as z from 'zod/mini';
import { vendorCostsRow, vendorSplitRow, vendorUtmSourceRow } from '../contracts/responses/vendors';
import { defineOperation, ok, created, because, declared } from './operation';

/** Upserts answer 201 when they create the vendor's row and 200 when they replace it. */
const upserted = <S extends z.ZodMiniType>(schema: S) => ({
  200: ok(schema, 'Replaced'),
  201: created(schema),
  404: because('No such vendor'),
});

export const listVendorSplits = defineOperation({
  method: 'GET',
  path: '/api/vendor-splits',
  summary: 'Revenue splits',
  access: 'user',
  responses: { 200: ok(z.array(vendorSplitRow)) },
});

export const saveVendorSplit = defineOperation({
  method: 'POST',
  path: '/api/vendor-splits',
  summary: "Save a vendor's split",
  access: 'user',
  body: declared('vendors', 'vendorSplit'),
  responses: upserted(vendorSplitRow),
});

export const listVendorUtmSources = defineOperation({
  method: 'GET',
  path: '/api/vendor-utm-sources',
  summary: 'UTM source overrides',
  access: 'user',
  responses: { 200: ok(z.array(vendorUtmSourceRow)) },
});

export const saveVendorUtmSource = defineOperation({
  method: 'POST',
  path: '/api/vendor-utm-sources',
  summary: "Save a vendor's UTM source",
  access: 'user',
  body: declared('vendors', 'vendorUtmSource'),
  responses: upserted(vendorUtmSourceRow),
});

export const listVendorCosts = defineOperation({
  method: 'GET',
  path: '/api/vendor-costs',
  summary: 'Vendor costs',
  access: 'user',
  responses: { 200: ok(z.array(vendorCostsRow)) },
});

export const saveVendorCosts = defineOperation({
  method: 'POST',
  path: '/api/vendor-costs',
  summary: "Save a vendor's costs",
  access: 'user',
  body: declared('vendors', 'vendorCosts'),
  responses: upserted(vendorCostsRow),
});
