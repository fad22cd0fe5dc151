import * as z from 'zod/mini';
import { acceptedQuantity, monthOverview, statement, vendorQuantityLimit } from '../contracts/responses/statements';
import { badOrNeedsGoogle, because, declared, defineOperation, ok } from './operation';

// Payouts (issue 24): a vendor's monthly statement (open: computed live; finalized: frozen; paid), its CSV, accepting
// a vendor's reported quantity above what it may count, and the per-vendor limit for quantities without a plan. Anyone
// signed in reads; finalizing, marking paid, accepting and the limit are for admins.

const noVendor = because('No such vendor, and no statement of it');

export const getStatement = defineOperation({
  method: 'GET',
  path: '/api/statements',
  summary:
    "With vendorId, a vendor's statement for a New York calendar month (live while open, frozen once finalized); without, the month's overview: every vendor with anything owed, adjusted or carried, its status and totals",
  access: 'user',
  query: declared('statements', 'statementQuery'),
  responses: { 200: ok(z.union([statement, monthOverview])), 404: noVendor },
});

export const getMonthOverviewCsv = defineOperation({
  method: 'GET',
  path: '/api/statement-months/:month.csv',
  summary: "The month's overview as CSV: a row per vendor and the totals",
  access: 'user',
  params: declared('path-params', 'monthParam'),
  responses: {
    200: { description: 'The overview', mediaType: 'text/csv' },
    // The router's own: a month with a line break is no path segment before '.csv', so no route matches it.
    404: because('No such path (a month with a line break)'),
  },
});

export const getStatementCsv = defineOperation({
  method: 'GET',
  path: '/api/statements/:vendorId/:month.csv',
  summary: "A vendor's statement for a month as CSV: its lines, adjustments and total",
  access: 'user',
  params: declared('path-params', 'statementParams'),
  responses: { 200: { description: 'The statement', mediaType: 'text/csv' }, 404: noVendor },
});

export const finalizeStatement = defineOperation({
  method: 'POST',
  path: '/api/statements/:vendorId/:month/finalize',
  summary: 'Freeze a statement: every line, term and figure as shown',
  access: 'admin',
  params: declared('path-params', 'statementParams'),
  body: declared('statements', 'finalizeBody'),
  responses: {
    200: ok(statement, 'Finalized'),
    404: noVendor,
    409: because(
      'Already finalized (already-finalized), the month has not begun (month-not-begun), or it has not ended and the body is not { "confirm": true } (month-not-over)',
      'already-finalized',
      'month-not-begun',
      'month-not-over',
    ),
  },
});

export const markStatementPaid = defineOperation({
  method: 'POST',
  path: '/api/statements/:vendorId/:month/paid',
  summary: 'Record that a finalized statement was paid: the date and a reference',
  access: 'admin',
  params: declared('path-params', 'statementParams'),
  body: declared('statements', 'paidBody'),
  responses: {
    200: ok(statement, 'Paid'),
    400: because(
      'paidOn is not a calendar date, is in the future (paid-on-in-the-future), or is before the month began (paid-on-before-month)',
      'paid-on-in-the-future',
      'paid-on-before-month',
    ),
    404: noVendor,
    409: because(
      'Not finalized (statement-open), already paid (already-paid), or below zero (negative-balance: carried forward, never paid)',
      'statement-open',
      'already-paid',
      'negative-balance',
    ),
  },
});

export const sendStatement = defineOperation({
  method: 'POST',
  path: '/api/statements/:vendorId/:month/send',
  summary:
    "Mail a finalized statement to the vendor's addresses, copying the approval addresses, through the delivery queue: once",
  access: 'admin',
  params: declared('path-params', 'statementParams'),
  responses: {
    200: ok(statement, 'Queued: the statement with its mail'),
    400: badOrNeedsGoogle,
    404: noVendor,
    409: because('Not finalized, already sent, or the vendor has no address'),
  },
});

export const acceptQuantity = defineOperation({
  method: 'POST',
  path: '/api/statements/quantities/:sendId/:vendorId/accept',
  summary: "Accept a vendor's reported quantity above its planned quantity (or its limit): it counts as reported",
  access: 'admin',
  params: declared('path-params', 'quantityParams'),
  body: declared('statements', 'acceptQuantityBody'),
  responses: {
    200: ok(acceptedQuantity, 'Accepted'),
    404: because('No such send to this vendor'),
    409: because('The quantity is not the one reported, or nothing needs review'),
  },
});

export const listVendorQuantityLimits = defineOperation({
  method: 'GET',
  path: '/api/vendor-quantity-limits',
  summary: "Each vendor's limit for a reported quantity without a planned one",
  access: 'user',
  responses: { 200: ok(z.array(vendorQuantityLimit)) },
});

export const saveVendorQuantityLimit = defineOperation({
  method: 'PUT',
  path: '/api/vendor-quantity-limits/:vendorId',
  summary: "Set (or, with null, remove) a vendor's limit for a reported quantity without a planned one",
  access: 'admin',
  params: declared('path-params', 'vendorIdParam'),
  body: declared('statements', 'vendorQuantityLimitBody'),
  responses: { 200: ok(vendorQuantityLimit), 404: because('No such vendor') },
});
