import { z } from 'zod';
import { auditLogPage, auditLogQuery } from '#shared/contracts/audit';
import {
  authResponse,
  connectTicket,
  credentials,
  currentUser,
  firstNameResponse,
  googleCodeExchange,
  inviteLookup,
  inviteLookupResponse,
  registration,
} from '#shared/contracts/auth';
import { appSettings } from '#shared/contracts/app-settings';
import { health, notReady, readiness } from '#shared/contracts/health';
import { idParam } from '#shared/contracts/common';
import {
  createDraftBody,
  draftCardIdParam,
  draftCardView,
  draftList,
  patchDraftBody,
  patchSessionBody,
  saveSessionBody,
  sessionStateView,
} from '#shared/contracts/drafts';
import {
  emailLogDeliveryParams,
  emailLogEntry,
  emailLogIdParams,
  emailLogQuery,
  remindersSetting,
  remindersSettingResult,
  retryFailedResult,
  sendAgainResult,
} from '#shared/contracts/email-logs';
import { testEmailBody, testEmailResult } from '#shared/contracts/email-test';
import { fileParams, fileQuery } from '#shared/contracts/files';
import {
  attachmentParams,
  recordUpdateResult,
  revokeLinkResult,
  seedTestReview,
  seedTestReviewResult,
  trackingBoard,
  trackingBoardQuery,
  vendorAction,
  vendorPageView,
} from '#shared/contracts/tracking';
import {
  addVendorsBody,
  addVendorsPreview,
  addVendorsPreviewBody,
  addVendorsResult,
  compareQuery,
  messageComparison,
  useAsNewSendBody,
  useAsNewSendResult,
} from '#shared/contracts/past-sends';
import { proofBody, proofResult, sendBody, sendResult } from '#shared/contracts/send';
import {
  addAuthorizedEmail,
  authorizedEmail,
  inviteResponse,
  permissionsResult,
  updatePermissions,
  userIdParam,
  userList,
} from '#shared/contracts/users';
import {
  addApprovalEmailBody,
  approvalEmail,
  createVendorBody,
  updateVendorBody,
  vendor,
  vendorCosts,
  vendorCostsRow,
  vendorIdParam,
  vendorSplit,
  vendorSplitRow,
  vendorUtmSource,
  vendorUtmSourceRow,
} from '#shared/contracts/vendors';
import {
  importIdParam,
  priorDonorsCount,
  resultCodeBody,
  resultCodes,
  resultsClientQuery,
  resultsImportCounts,
  resultsImportList,
  resultsImportQuery,
  resultsPreview,
  resultsSettings,
  resultsSettingsBody,
  resultsSummary,
  resultsSummaryQuery,
  sendResults,
  unattributedCodes,
  vendorCodeParam,
  vendorIdParam as resultsVendorIdParam,
} from '#shared/contracts/results';
import type { ApiOperation, ResponseSpec } from './operation';

/** A zod/mini contract in this list of classic ones (both are Zod 4 schemas; the document reads them alike). */
const mini = (schema: unknown) => schema as z.ZodObject;

const ok = (schema: z.ZodType, description = 'OK'): ResponseSpec => ({ description, schema });
const created = (schema: z.ZodType): ResponseSpec => ({ description: 'Created', schema });
const noContent: ResponseSpec = { description: 'Done; no body' };
const notFound = (description: string): ResponseSpec => ({ description });
const conflict = (description: string): ResponseSpec => ({ description });
const tooMany: ResponseSpec = { description: 'Too many requests; Retry-After says when to try again' };
const notSender: ResponseSpec = { description: 'Only the person who made this send, or an admin, may (decision 0023)' };
const storeUnavailable: ResponseSpec = {
  description: 'The file store (S3 bucket or DATA_DIR/files) is unavailable; Retry-After says when to try again',
};
const linkRefused: ResponseSpec = { description: 'No link, or not a link we made' };
const linkGone: ResponseSpec = { description: 'The link expired or was turned off' };
const notModified: ResponseSpec = {
  description: 'Unchanged: the ETag named in If-None-Match is still current; no body',
};
const mailFailed: ResponseSpec = { description: 'The mail server or Gmail refused the message' };

/** Upserts answer 201 when they create the vendor's row and 200 when they replace it. */
const upserted = (schema: z.ZodType) => ({
  200: ok(schema, 'Replaced'),
  201: created(schema),
  404: notFound('No such vendor'),
});

/**
 * Every operation of the API under /api. The published document (GET /api/openapi.json) is generated from this list,
 * and a test fails when Fastify has a route under /api that is not here.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/health', summary: 'Liveness', access: 'anyone', responses: { 200: ok(health) } },
  {
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database, the file store and the mail server answer',
    access: 'anyone',
    responses: { 200: ok(readiness), 503: { description: 'A part failed its check', schema: notReady } },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    access: 'anyone',
    responses: { 200: ok(z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })) },
  },

  // Session
  {
    method: 'POST',
    path: '/api/register',
    summary: 'Register an authorized address with a password and its invite',
    access: 'anyone',
    body: registration,
    responses: {
      201: created(authResponse),
      403: { description: 'Not allowed to register: one answer for every reason (invite, address, existing account)' },
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/invites/lookup',
    summary: 'The address a live invite is for',
    access: 'anyone',
    body: inviteLookup,
    responses: { 200: ok(inviteLookupResponse), 403: { description: 'Not a live invite' } },
  },
  {
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with a password',
    access: 'anyone',
    body: credentials,
    responses: {
      200: ok(authResponse),
      401: { description: 'Wrong address or password' },
      403: { description: 'Access removed' },
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/logout',
    summary: 'End the session of the bearer token',
    access: 'anyone',
    responses: { 204: noContent },
  },
  {
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user',
    access: 'user',
    responses: { 200: ok(currentUser) },
  },
  {
    method: 'GET',
    path: '/api/user/first-name',
    summary: "The signed-in user's first name",
    access: 'user',
    responses: { 200: ok(firstNameResponse) },
  },
  {
    method: 'POST',
    path: '/api/auth/google/connect-ticket',
    summary: 'A one-time ticket to connect a Google account',
    access: 'user',
    responses: { 201: created(connectTicket) },
  },
  {
    method: 'POST',
    path: '/api/auth/google/exchange',
    summary:
      'The session for the one-time code a Google sign-in ended with, from the browser that signed in (its sealed cookie)',
    access: 'anyone',
    body: googleCodeExchange,
    responses: { 200: ok(authResponse), 401: { description: 'Unknown, used or expired code, or another browser' } },
  },
  {
    method: 'GET',
    path: '/api/app-settings',
    summary: 'What the send page needs of the configuration',
    access: 'user',
    responses: { 200: ok(appSettings) },
  },

  // Users
  {
    method: 'GET',
    path: '/api/users',
    summary: 'Authorized addresses and their accounts',
    access: 'admin',
    responses: { 200: ok(userList) },
  },
  {
    method: 'POST',
    path: '/api/authorized-emails',
    summary: 'Authorize an address',
    access: 'admin',
    body: addAuthorizedEmail,
    responses: { 201: created(authorizedEmail), 409: conflict('Already on the list') },
  },
  {
    method: 'POST',
    path: '/api/authorized-emails/:id/invite',
    summary: "A new invite link for a pending address ('New link'); the old one stops working",
    access: 'admin',
    params: idParam,
    responses: { 201: created(inviteResponse), 404: notFound('Not on the list'), 409: conflict('Already registered') },
  },
  {
    method: 'DELETE',
    path: '/api/authorized-emails/:id',
    summary: 'Remove an authorized address',
    access: 'admin',
    params: idParam,
    responses: {
      204: noContent,
      404: notFound('Not on the list'),
      409: conflict('Your own address or the last admin'),
    },
  },
  {
    method: 'PATCH',
    path: '/api/users/:userId/permissions',
    summary: "Grant or revoke a user's admin rights",
    access: 'admin',
    params: userIdParam,
    body: updatePermissions,
    responses: { 200: ok(permissionsResult), 404: notFound('No such user'), 409: conflict('The last admin') },
  },

  // Vendors and their settings
  {
    method: 'GET',
    path: '/api/vendors',
    summary: 'All vendors',
    access: 'user',
    responses: { 200: ok(z.array(vendor)) },
  },
  {
    method: 'POST',
    path: '/api/vendors',
    summary: 'Create a vendor',
    access: 'admin',
    body: createVendorBody,
    responses: { 201: created(vendor), 409: conflict('The vendor id is taken') },
  },
  {
    method: 'PUT',
    path: '/api/vendors/:vendorId',
    summary: 'Replace a vendor',
    access: 'admin',
    params: vendorIdParam,
    body: updateVendorBody,
    responses: { 200: ok(vendor), 404: notFound('No such vendor') },
  },
  {
    method: 'DELETE',
    path: '/api/vendors/:vendorId',
    summary: 'Delete a vendor and its settings',
    access: 'admin',
    params: vendorIdParam,
    responses: { 204: noContent, 404: notFound('No such vendor') },
  },
  {
    method: 'GET',
    path: '/api/vendor-splits',
    summary: 'Revenue splits',
    access: 'user',
    responses: { 200: ok(z.array(vendorSplitRow)) },
  },
  {
    method: 'POST',
    path: '/api/vendor-splits',
    summary: "Save a vendor's split",
    access: 'user',
    body: vendorSplit,
    responses: upserted(vendorSplitRow),
  },
  {
    method: 'GET',
    path: '/api/vendor-utm-sources',
    summary: 'UTM source overrides',
    access: 'user',
    responses: { 200: ok(z.array(vendorUtmSourceRow)) },
  },
  {
    method: 'POST',
    path: '/api/vendor-utm-sources',
    summary: "Save a vendor's UTM source",
    access: 'user',
    body: vendorUtmSource,
    responses: upserted(vendorUtmSourceRow),
  },
  {
    method: 'GET',
    path: '/api/vendor-costs',
    summary: 'Vendor costs',
    access: 'user',
    responses: { 200: ok(z.array(vendorCostsRow)) },
  },
  {
    method: 'POST',
    path: '/api/vendor-costs',
    summary: "Save a vendor's costs",
    access: 'user',
    body: vendorCosts,
    responses: upserted(vendorCostsRow),
  },
  {
    method: 'GET',
    path: '/api/approval-emails',
    summary: 'Approval addresses',
    access: 'user',
    responses: { 200: ok(z.array(approvalEmail)) },
  },
  {
    method: 'POST',
    path: '/api/approval-emails',
    summary: 'Add an approval address',
    access: 'user',
    body: addApprovalEmailBody,
    responses: { 201: created(approvalEmail), 409: conflict('Already an approval address') },
  },
  {
    method: 'DELETE',
    path: '/api/approval-emails/:id',
    summary: 'Remove an approval address',
    access: 'user',
    params: idParam,
    responses: { 204: noContent, 404: notFound('No such approval address') },
  },
  {
    method: 'GET',
    path: '/api/audit-log',
    summary: 'The audit trail, newest first',
    access: 'admin',
    query: auditLogQuery,
    responses: { 200: ok(auditLogPage) },
  },

  // Drafts and the send page's session
  {
    method: 'GET',
    path: '/api/prospecting-drafts',
    summary: "The user's content cards",
    access: 'user',
    responses: { 200: ok(draftList) },
  },
  {
    method: 'POST',
    path: '/api/prospecting-drafts',
    summary: 'Save a content card',
    access: 'user',
    body: createDraftBody,
    responses: { 201: created(draftCardView) },
  },
  {
    method: 'PATCH',
    path: '/api/prospecting-drafts/:cardId',
    summary: 'Change some fields of a content card',
    access: 'user',
    params: draftCardIdParam,
    body: patchDraftBody,
    responses: { 200: ok(draftCardView), 404: notFound('No such card') },
  },
  {
    method: 'DELETE',
    path: '/api/prospecting-drafts/:cardId',
    summary: 'Remove a content card',
    access: 'user',
    params: draftCardIdParam,
    responses: { 204: noContent },
  },
  {
    method: 'DELETE',
    path: '/api/prospecting-drafts',
    summary: 'Remove all content cards',
    access: 'user',
    responses: { 204: noContent },
  },
  {
    method: 'GET',
    path: '/api/prospecting-session',
    summary: "The send page's selections",
    access: 'user',
    responses: { 200: ok(sessionStateView) },
  },
  {
    method: 'POST',
    path: '/api/prospecting-session',
    summary: "Replace the send page's selections",
    access: 'user',
    body: saveSessionBody,
    responses: { 200: ok(sessionStateView) },
  },
  {
    method: 'PATCH',
    path: '/api/prospecting-session',
    summary: "Change some of the send page's selections",
    access: 'user',
    body: patchSessionBody,
    responses: { 200: ok(sessionStateView) },
  },
  {
    method: 'DELETE',
    path: '/api/prospecting-session',
    summary: "Reset the send page's selections",
    access: 'user',
    responses: { 204: noContent },
  },

  // Sending
  {
    method: 'POST',
    path: '/api/send-email-consolidated',
    summary: 'Send every selected vendor its message (an optional Idempotency-Key header makes a retry safe)',
    access: 'user',
    body: sendBody,
    responses: {
      200: ok(sendResult),
      422: { description: 'The Idempotency-Key was used for a different send' },
      429: tooMany,
      503: storeUnavailable,
    },
  },
  {
    method: 'POST',
    path: '/api/send-proof',
    summary: "Send the user one vendor's message as a proof",
    access: 'user',
    body: proofBody,
    responses: { 200: ok(proofResult), 429: tooMany, 502: mailFailed },
  },
  {
    method: 'POST',
    path: '/api/send-email',
    summary: 'The email test page: one message now',
    access: 'user',
    body: testEmailBody,
    responses: { 200: ok(testEmailResult), 429: tooMany, 502: mailFailed },
  },
  {
    method: 'GET',
    path: '/api/files/:key',
    summary: 'Download a stored upload',
    access: 'user',
    params: fileParams,
    query: fileQuery,
    responses: {
      200: { description: 'The file', mediaType: 'application/octet-stream' },
      404: notFound('No such file of that type'),
      503: storeUnavailable,
    },
  },
  {
    method: 'GET',
    path: '/api/email-logs',
    summary: 'The Deployment Log, newest first',
    access: 'user',
    query: emailLogQuery,
    responses: { 200: ok(z.array(emailLogEntry)) },
  },
  {
    method: 'GET',
    path: '/api/email-logs/:id',
    summary: "One send's Deployment Log entry (a strong ETag; 304 to a current If-None-Match)",
    access: 'user',
    params: emailLogIdParams,
    responses: { 200: ok(emailLogEntry), 304: notModified, 404: notFound('No such send') },
  },
  {
    method: 'GET',
    path: '/api/email-logs/:id/deliveries/:vendorId/eml',
    summary: 'The raw message sent to one vendor',
    access: 'user',
    params: emailLogDeliveryParams,
    responses: {
      200: { description: 'The message', mediaType: 'message/rfc822' },
      404: notFound('No such message'),
      410: { description: 'The stored message is gone from the file store' },
      503: storeUnavailable,
    },
  },
  {
    method: 'PUT',
    path: '/api/email-logs/:id/reminders',
    summary: "Turn a send's vendor reminders on or off",
    access: 'user',
    params: emailLogIdParams,
    body: remindersSetting,
    responses: {
      200: ok(remindersSettingResult),
      403: { description: 'Turning them on: only the person who made this send, or an admin, may' },
      404: notFound('No such send'),
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/retry-failed',
    summary: 'Queue the failed messages of a send again',
    access: 'user',
    params: emailLogIdParams,
    responses: { 200: ok(retryFailedResult), 403: notSender, 404: notFound('No such send') },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/deliveries/:vendorId/send-again',
    summary: "Send one vendor's message again",
    access: 'user',
    params: emailLogDeliveryParams,
    responses: {
      200: ok(sendAgainResult),
      403: notSender,
      404: notFound('No such message'),
      409: conflict('Sent or waiting already'),
    },
  },

  // Reusing a past send
  {
    method: 'POST',
    path: '/api/email-logs/:id/use-as-new-send',
    summary:
      "Load a past send's client, pricing model, cards with their files and vendors onto the send page as the user's draft",
    access: 'user',
    params: emailLogIdParams,
    body: useAsNewSendBody,
    responses: {
      200: ok(useAsNewSendResult),
      404: notFound('No such send'),
      409: conflict('A send is in progress (confirm with replaceDraft), or the files were removed'),
      410: { description: 'A file of the send is gone from the file store' },
    },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/add-vendors',
    summary: 'Send a past send to more vendors (an optional Idempotency-Key header makes a retry safe)',
    access: 'user',
    params: emailLogIdParams,
    body: addVendorsBody,
    responses: {
      200: ok(addVendorsResult),
      404: notFound('No such send'),
      409: conflict('The files were removed, or a vendor was added meanwhile'),
      410: { description: 'A file of the send is gone from the file store' },
      422: { description: 'The Idempotency-Key was used for other vendors' },
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/add-vendors/preview',
    summary: 'The message a vendor being added would get, and why the send would be refused if it would',
    access: 'user',
    params: emailLogIdParams,
    body: addVendorsPreviewBody,
    responses: { 200: ok(addVendorsPreview), 404: notFound('No such send'), 409: conflict('The files were removed') },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/add-vendors/proof',
    summary: "Send the user a proof of a vendor's message before adding it",
    access: 'user',
    params: emailLogIdParams,
    body: addVendorsPreviewBody,
    responses: {
      200: ok(proofResult),
      404: notFound('No such send'),
      409: conflict('The files were removed'),
      429: tooMany,
      502: mailFailed,
    },
  },
  {
    method: 'GET',
    path: '/api/email-logs/:id/compare',
    summary: "What differs between two vendors' stored messages of a send: links, terms and keys",
    access: 'user',
    params: emailLogIdParams,
    query: compareQuery,
    responses: {
      200: ok(messageComparison),
      404: notFound('No such send or vendor message'),
      409: conflict('The messages were removed'),
    },
  },

  // Deployment tracking (issue 14)
  {
    method: 'GET',
    path: '/api/tracking',
    summary:
      "The Tracking board: every open delivery (up to 1000) and the 200 most recent closed ones matching the filters (dates are New York days), each with its status, overdue ones marked, its expected spend and its send's; `truncated` and `omitted` say what was left out (a strong ETag; 304 to a current If-None-Match)",
    access: 'user',
    query: trackingBoardQuery,
    responses: { 200: ok(trackingBoard), 304: notModified },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/deliveries/:vendorId/revoke-link',
    summary: "Turn off one vendor's personal page link",
    access: 'user',
    params: emailLogDeliveryParams,
    responses: {
      200: ok(revokeLinkResult),
      403: notSender,
      404: notFound('No such message'),
      409: conflict('Sent without a vendor link'),
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/deliveries/:vendorId/review',
    summary:
      "Approve a vendor's seed test or request changes (with a note); the vendor is e-mailed in the thread of its message",
    access: 'user',
    params: emailLogDeliveryParams,
    body: seedTestReview,
    responses: {
      200: ok(seedTestReviewResult),
      403: notSender,
      404: notFound('No such message'),
      409: conflict('No seed test to review (none reported yet, deployed or cannot deploy)'),
      429: tooMany,
    },
  },
  {
    method: 'POST',
    path: '/api/email-logs/:id/deliveries/:vendorId/tracking',
    summary:
      "Record an update on a vendor's behalf (it answered by e-mail, its link expired or was revoked, or it has none): the vendor page's actions and rules, recorded as the team's in its history and under the user in the audit trail",
    access: 'user',
    params: emailLogDeliveryParams,
    body: vendorAction,
    responses: {
      200: ok(recordUpdateResult),
      403: notSender,
      404: notFound('No such message'),
      409: conflict('Not possible at this stage (already deployed)'),
      422: { description: 'A date that cannot be (a deployment in the future)' },
      429: tooMany,
    },
  },

  // The vendor page: its personal link's token in 'Authorization: Bearer', no session; limited per link.
  {
    method: 'GET',
    path: '/api/vendor-page',
    summary:
      "What the vendor's message carried (its terms as sent, cards with its own links and hub keys, attachments), and where the deployment stands; never the vendor's cost sheet or split",
    access: 'anyone',
    responses: { 200: ok(vendorPageView), 401: linkRefused, 410: linkGone, 429: tooMany },
  },
  {
    method: 'POST',
    path: '/api/vendor-page/actions',
    summary: 'Report received, scheduled, seed test sent, deployed, a note or cannot deploy',
    access: 'anyone',
    body: vendorAction,
    responses: {
      200: ok(vendorPageView),
      401: linkRefused,
      409: conflict('Not possible at this stage (already deployed)'),
      410: linkGone,
      422: { description: 'A date that cannot be (a deployment in the future)' },
      429: tooMany,
    },
  },
  {
    method: 'GET',
    path: '/api/vendor-page/attachments/:index',
    summary: "One of the message's attachments",
    access: 'anyone',
    params: attachmentParams,
    responses: {
      200: { description: 'The file', mediaType: 'application/octet-stream' },
      401: linkRefused,
      404: notFound('No such attachment'),
      410: { description: 'The link expired or was turned off, or the file is no longer kept' },
      429: tooMany,
    },
  },
  // Results (issue 23). The contracts are zod/mini (results.ts); `mini` hands them to this classic-typed list until it
  // is converted. The CSV uploads' bodies are raw text/csv, described in their summaries.
  {
    method: 'POST',
    path: '/api/results/imports',
    summary: "Import a platform's contribution export (raw text/csv body, streamed) for a client",
    access: 'user',
    query: mini(resultsImportQuery),
    responses: {
      201: created(mini(resultsImportCounts)),
      413: { description: 'The file is larger than RESULTS_MAX_MB' },
    },
  },
  {
    method: 'POST',
    path: '/api/results/imports/preview',
    summary: 'The start of a file (raw text/csv body) as it would import: its format, columns and first rows',
    access: 'user',
    query: mini(resultsImportQuery),
    responses: { 200: ok(mini(resultsPreview)) },
  },
  {
    method: 'GET',
    path: '/api/results/imports',
    summary: "A client's results imports, newest first",
    access: 'user',
    query: mini(resultsClientQuery),
    responses: { 200: ok(mini(resultsImportList)) },
  },
  {
    method: 'DELETE',
    path: '/api/results/imports/:importId',
    summary: 'Delete an import and the contributions it owns',
    access: 'admin',
    params: mini(importIdParam),
    responses: { 204: noContent, 404: notFound('No such import') },
  },
  {
    method: 'GET',
    path: '/api/results/settings',
    summary: "A client's attribution window, saved mapping and prior donor count",
    access: 'user',
    query: mini(resultsClientQuery),
    responses: { 200: ok(mini(resultsSettings)) },
  },
  {
    method: 'PUT',
    path: '/api/results/settings',
    summary: "Set a client's attribution window (re-attributes at once)",
    access: 'user',
    query: mini(resultsClientQuery),
    body: mini(resultsSettingsBody),
    responses: { 200: ok(mini(resultsSettings)) },
  },
  {
    method: 'POST',
    path: '/api/results/prior-donors',
    summary: "Replace a client's prior donor file (raw text/csv body: one column of e-mail addresses)",
    access: 'admin',
    query: mini(resultsClientQuery),
    responses: { 200: ok(mini(priorDonorsCount)), 413: { description: 'The file is larger than RESULTS_MAX_MB' } },
  },
  {
    method: 'DELETE',
    path: '/api/results/prior-donors',
    summary: "Delete a client's prior donor file",
    access: 'admin',
    query: mini(resultsClientQuery),
    responses: { 204: noContent },
  },
  {
    method: 'GET',
    path: '/api/results/unattributed',
    summary: 'Contributions no send got, grouped by code and reason',
    access: 'user',
    query: mini(resultsClientQuery),
    responses: { 200: ok(mini(unattributedCodes)) },
  },
  {
    method: 'GET',
    path: '/api/results/summary',
    summary: "Per vendor figures of a client's contributions dated in a New York date range",
    access: 'user',
    query: mini(resultsSummaryQuery),
    responses: { 200: ok(mini(resultsSummary)) },
  },
  {
    method: 'GET',
    path: '/api/email-logs/:id/results',
    summary: 'Per vendor figures of one send',
    access: 'user',
    params: idParam,
    responses: { 200: ok(mini(sendResults)), 404: notFound('No such send') },
  },
  {
    method: 'GET',
    path: '/api/vendors/:vendorId/result-codes',
    summary: "A vendor's result codes: its UTM source and the codes an admin added",
    access: 'user',
    params: mini(resultsVendorIdParam),
    responses: { 200: ok(mini(resultCodes)), 404: notFound('No such vendor') },
  },
  {
    method: 'POST',
    path: '/api/vendors/:vendorId/result-codes',
    summary: 'Add a result code to a vendor (re-attributes at once)',
    access: 'admin',
    params: mini(resultsVendorIdParam),
    body: mini(resultCodeBody),
    responses: { 201: created(mini(resultCodes)), 404: notFound('No such vendor') },
  },
  {
    method: 'DELETE',
    path: '/api/vendors/:vendorId/result-codes/:code',
    summary: "Remove one of a vendor's added result codes (re-attributes at once)",
    access: 'admin',
    params: mini(vendorCodeParam),
    responses: { 200: ok(mini(resultCodes)), 404: notFound('No such vendor or code') },
  },
];
