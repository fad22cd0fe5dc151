import {
  recordUpdateResult,
  revokeLinkResult,
  seedTestReviewResult,
  trackingBoard,
} from '../contracts/responses/tracking';
import { defineOperation, ok, tooMany, notSender, notModified, because, declared } from './operation';

export const getTrackingBoard = defineOperation({
  method: 'GET',
  path: '/api/tracking',
  summary:
    "The Tracking board: every open delivery (up to 1000) and the 200 most recent closed ones matching the filters (dates are New York days), each with its status, overdue ones marked, its expected spend and its send's; `truncated` and `omitted` say what was left out (a strong ETag; 304 to a current If-None-Match)",
  access: 'user',
  query: declared('tracking', 'trackingBoardQuery'),
  responses: { 200: ok(trackingBoard), 304: notModified },
});

export const revokeLink = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/deliveries/:vendorId/revoke-link',
  summary: "Turn off one vendor's personal page link",
  access: 'user',
  params: declared('path-params', 'sendDeliveryParams'),
  responses: {
    200: ok(revokeLinkResult),
    403: notSender,
    404: because('No such message'),
    409: because('Sent without a vendor link'),
    429: tooMany,
  },
});

export const reviewSeedTest = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/deliveries/:vendorId/review',
  summary:
    "Approve a vendor's seed test or request changes (with a note); the vendor is e-mailed in the thread of its message",
  access: 'user',
  params: declared('path-params', 'sendDeliveryParams'),
  body: declared('tracking', 'seedTestReview'),
  responses: {
    200: ok(seedTestReviewResult),
    403: notSender,
    404: because('No such message'),
    409: because('No seed test to review (none reported yet, deployed or cannot deploy)'),
    429: tooMany,
  },
});

export const recordUpdate = defineOperation({
  method: 'POST',
  path: '/api/email-logs/:id/deliveries/:vendorId/tracking',
  summary:
    "Record an update on a vendor's behalf (it answered by e-mail, its link expired or was revoked, or it has none): the vendor page's actions and rules, recorded as the team's in its history and under the user in the audit trail",
  access: 'user',
  params: declared('path-params', 'sendDeliveryParams'),
  body: declared('tracking', 'vendorAction'),
  responses: {
    200: ok(recordUpdateResult),
    403: notSender,
    404: because('No such message'),
    409: because('Not possible at this stage (already deployed)'),
    422: { description: 'A date that cannot be (a deployment in the future)' },
    429: tooMany,
  },
});
