import * as z from 'zod/mini';
import { sendEntry, remindersSettingResult, retryFailedResult, sendAgainResult } from '../contracts/responses/sends';
import {
  addVendorsPreview,
  addVendorsResult,
  messageComparison,
  useAsNewSendResult,
} from '../contracts/responses/sends-reuse';
import { proofResult } from '../contracts/responses/send';
import {
  defineOperation,
  ok,
  tooMany,
  notSender,
  storeUnavailable,
  notModified,
  mailFailed,
  badOrNeedsGoogle,
  because,
  declared,
} from './operation';

export const listSends = defineOperation({
  method: 'GET',
  path: '/api/email-logs',
  summary: 'The Deployment Log, newest first',
  access: 'user',
  query: declared('sends', 'sendListQuery'),
  responses: { 200: ok(z.array(sendEntry)) },
});

export const getSend = defineOperation({
  method: 'GET',
  path: '/api/email-logs/:id',
  summary: "One send's Deployment Log entry (a strong ETag; 304 to a current If-None-Match)",
  access: 'user',
  params: declared('path-params', 'idParam'),
  responses: { 200: ok(sendEntry), 304: notModified, 404: because('No such send') },
});

export const downloadDeliveryMessage = defineOperation({
  method: 'GET',
  path: '/api/email-logs/:id/deliveries/:vendorId/eml',
  summary: 'The raw message sent to one vendor',
  access: 'user',
  params: declared('path-params', 'sendDeliveryParams'),
  responses: {
    200: { description: 'The message', mediaType: 'message/rfc822' },
    404: because('No such message'),
    410: { description: 'The stored message is gone from the file store' },
    503: storeUnavailable,
  },
});

export const setReminders = defineOperation({
  method: 'PUT',
  path: '/api/email-logs/:id/reminders',
  summary: "Turn a send's vendor reminders on or off",
  access: 'user',
  params: declared('path-params', 'idParam'),
  body: declared('sends', 'remindersSetting'),
  responses: {
    200: ok(remindersSettingResult),
    403: { description: 'Turning them on: only the person who made this send, or an admin, may' },
    404: because('No such send'),
    429: tooMany,
  },
});

export const retryFailed = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/retry-failed',
  summary: 'Queue the failed messages of a send again',
  access: 'user',
  params: declared('path-params', 'idParam'),
  responses: { 200: ok(retryFailedResult), 403: notSender, 404: because('No such send') },
});

export const sendAgain = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/deliveries/:vendorId/send-again',
  summary: "Send one vendor's message again",
  access: 'user',
  params: declared('path-params', 'sendDeliveryParams'),
  responses: {
    200: ok(sendAgainResult),
    403: notSender,
    404: because('No such message'),
    409: because('Sent or waiting already'),
  },
});

export const useAsNewSend = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/use-as-new-send',
  summary:
    "Load a past send's client, pricing model, cards with their files and vendors onto the send page as the user's draft",
  access: 'user',
  params: declared('path-params', 'idParam'),
  body: declared('sends-reuse', 'useAsNewSendBody'),
  responses: {
    200: ok(useAsNewSendResult),
    404: because('No such send'),
    409: because(
      'A send is in progress (code send-in-progress: confirm with replaceDraft), or the files were removed',
      'send-in-progress',
    ),
    410: { description: 'A file of the send is gone from the file store' },
  },
});

export const addVendors = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/add-vendors',
  summary: 'Send a past send to more vendors (an optional Idempotency-Key header makes a retry safe)',
  access: 'user',
  headers: declared('headers', 'idempotencyHeaders'),
  params: declared('path-params', 'idParam'),
  body: declared('sends-reuse', 'addVendorsBody'),
  responses: {
    200: ok(addVendorsResult),
    400: badOrNeedsGoogle,
    404: because('No such send'),
    409: because('The files were removed, or a vendor was added meanwhile'),
    410: { description: 'A file of the send is gone from the file store' },
    422: { description: 'The Idempotency-Key was used for other vendors' },
    429: tooMany,
  },
});

export const previewAddedVendor = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/add-vendors/preview',
  summary: 'The message a vendor being added would get, and why the send would be refused if it would',
  access: 'user',
  params: declared('path-params', 'idParam'),
  body: declared('sends-reuse', 'addVendorsPreviewBody'),
  responses: {
    200: ok(addVendorsPreview),
    400: badOrNeedsGoogle,
    404: because('No such send'),
    409: because('The files were removed'),
  },
});

export const proofAddedVendor = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/add-vendors/proof',
  summary: "Send the user a proof of a vendor's message before adding it",
  access: 'user',
  params: declared('path-params', 'idParam'),
  body: declared('sends-reuse', 'addVendorsPreviewBody'),
  responses: {
    200: ok(proofResult),
    400: badOrNeedsGoogle,
    404: because('No such send'),
    409: because('The files were removed'),
    429: tooMany,
    502: mailFailed,
  },
});

export const compareMessages = defineOperation({
  method: 'GET',
  path: '/api/email-logs/:id/compare',
  summary: "What differs between two vendors' stored messages of a send: links, terms and keys",
  access: 'user',
  params: declared('path-params', 'idParam'),
  query: declared('sends-reuse', 'compareQuery'),
  responses: {
    200: ok(messageComparison),
    404: because('No such send or vendor message'),
    409: because('The messages were removed'),
  },
});
