import * as z from 'zod/mini';
import { vendor } from '../contracts/responses/vendors';
import { defineOperation, ok, created, noContent, because, declared } from './operation';

export const listVendors = defineOperation({
  method: 'GET',
  path: '/api/vendors',
  summary: 'All vendors',
  access: 'user',
  responses: { 200: ok(z.array(vendor)) },
});

export const createVendor = defineOperation({
  method: 'POST',
  path: '/api/vendors',
  summary: 'Create a vendor',
  access: 'admin',
  body: declared('vendors', 'createVendorBody'),
  responses: { 201: created(vendor), 409: because('The vendor id is taken') },
});

export const updateVendor = defineOperation({
  method: 'PUT',
  path: '/api/vendors/:vendorId',
  summary: 'Replace a vendor',
  access: 'admin',
  params: declared('path-params', 'vendorIdParam'),
  body: declared('vendors', 'updateVendorBody'),
  responses: { 200: ok(vendor), 404: because('No such vendor') },
});

export const deleteVendor = defineOperation({
  method: 'DELETE',
  path: '/api/vendors/:vendorId',
  summary: 'Delete a vendor and its settings',
  access: 'admin',
  params: declared('path-params', 'vendorIdParam'),
  responses: { 204: noContent, 404: because('No such vendor') },
});
