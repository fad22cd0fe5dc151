import {
  priorDonorsCount,
  resultCodes,
  resultsImportCounts,
  resultsImportList,
  resultsPreview,
  resultsSettings,
  resultsSummary,
  sendResults,
  unattributedCodes,
  resultsReversals,
} from '../contracts/responses/results';
import { because, created, defineOperation, noContent, ok, declared } from './operation';

// Results (issue 23): imports of a platform's contribution export per client, the figures per vendor and send, and the
// vendors' result codes. The files come as a raw text/csv body, read by the server as it arrives.

const tooLarge = because('The file is larger than RESULTS_MAX_MB');

export const importResults = defineOperation({
  method: 'POST',
  path: '/api/results/imports',
  summary: "Import a platform's contribution export (raw text/csv body, streamed) for a client",
  access: 'user',
  query: declared('results', 'resultsImportQuery'),
  rawBody: 'text/csv',
  responses: { 201: created(resultsImportCounts), 413: tooLarge },
});

export const previewResults = defineOperation({
  method: 'POST',
  path: '/api/results/imports/preview',
  summary: 'The start of a file (raw text/csv body) as it would import: its format, columns and first rows',
  access: 'user',
  query: declared('results', 'resultsImportQuery'),
  rawBody: 'text/csv',
  responses: { 200: ok(resultsPreview) },
});

export const listResultsImports = defineOperation({
  method: 'GET',
  path: '/api/results/imports',
  summary: "A client's results imports, newest first",
  access: 'user',
  query: declared('results', 'resultsClientQuery'),
  responses: { 200: ok(resultsImportList) },
});

export const deleteResultsImport = defineOperation({
  method: 'DELETE',
  path: '/api/results/imports/:importId',
  summary: 'Delete an import and the contributions it owns',
  access: 'admin',
  params: declared('path-params', 'importIdParam'),
  responses: { 204: noContent, 404: because('No such import') },
});

export const getResultsSettings = defineOperation({
  method: 'GET',
  path: '/api/results/settings',
  summary: "A client's attribution window, saved mapping and prior donor count",
  access: 'user',
  query: declared('results', 'resultsClientQuery'),
  responses: { 200: ok(resultsSettings) },
});

export const saveResultsSettings = defineOperation({
  method: 'PUT',
  path: '/api/results/settings',
  summary: "Set a client's attribution window (re-attributes at once)",
  access: 'user',
  query: declared('results', 'resultsClientQuery'),
  body: declared('results', 'resultsSettingsBody'),
  responses: { 200: ok(resultsSettings) },
});

export const replacePriorDonors = defineOperation({
  method: 'POST',
  path: '/api/results/prior-donors',
  summary: "Replace a client's prior donor file (raw text/csv body: one column of e-mail addresses)",
  access: 'admin',
  query: declared('results', 'resultsClientQuery'),
  rawBody: 'text/csv',
  responses: { 200: ok(priorDonorsCount), 413: tooLarge },
});

export const deletePriorDonors = defineOperation({
  method: 'DELETE',
  path: '/api/results/prior-donors',
  summary: "Delete a client's prior donor file",
  access: 'admin',
  query: declared('results', 'resultsClientQuery'),
  responses: { 204: noContent },
});

export const listUnattributed = defineOperation({
  method: 'GET',
  path: '/api/results/unattributed',
  summary: 'Contributions no send got, grouped by code and reason',
  access: 'user',
  query: declared('results', 'resultsClientQuery'),
  responses: { 200: ok(unattributedCodes) },
});

export const listReversals = defineOperation({
  method: 'GET',
  path: '/api/results/reversals',
  summary: 'Reversals waiting for their contribution, and contributions whose reversals exceed their amount',
  access: 'user',
  query: declared('results', 'resultsClientQuery'),
  responses: { 200: ok(resultsReversals) },
});

export const getResultsSummary = defineOperation({
  method: 'GET',
  path: '/api/results/summary',
  summary: "Per vendor figures of a client's contributions dated in a New York date range",
  access: 'user',
  query: declared('results', 'resultsSummaryQuery'),
  responses: { 200: ok(resultsSummary) },
});

export const getSendResults = defineOperation({
  method: 'GET',
  path: '/api/email-logs/:id/results',
  summary: 'Per vendor figures of one send',
  access: 'user',
  params: declared('path-params', 'idParam'),
  responses: { 200: ok(sendResults), 404: because('No such send') },
});

export const getResultCodes = defineOperation({
  method: 'GET',
  path: '/api/vendors/:vendorId/result-codes',
  summary: "A vendor's result codes: its UTM source and the codes an admin added",
  access: 'user',
  params: declared('path-params', 'vendorIdParam'),
  responses: { 200: ok(resultCodes), 404: because('No such vendor') },
});

export const addResultCode = defineOperation({
  method: 'POST',
  path: '/api/vendors/:vendorId/result-codes',
  summary: 'Add a result code to a vendor (re-attributes at once)',
  access: 'admin',
  params: declared('path-params', 'vendorIdParam'),
  body: declared('results', 'resultCodeBody'),
  responses: { 201: created(resultCodes), 404: because('No such vendor') },
});

export const removeResultCode = defineOperation({
  method: 'DELETE',
  path: '/api/vendors/:vendorId/result-codes/:code',
  summary: "Remove one of a vendor's added result codes (re-attributes at once)",
  access: 'admin',
  params: declared('path-params', 'vendorCodeParams'),
  responses: { 200: ok(resultCodes), 404: because('No such vendor or code') },
});
