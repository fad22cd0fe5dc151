import { vendorPageView } from '../contracts/responses/tracking';
import { defineOperation, ok, tooMany, because, type ResponseSpec, declared } from './operation';

const linkRefused: ResponseSpec = { description: 'No link, or not a link we made' };
const linkGone: ResponseSpec = { description: 'The link expired or was turned off' };

export const getVendorPage = defineOperation({
  method: 'GET',
  path: '/api/vendor-page',
  summary:
    "What the vendor's message carried (its terms as sent, cards with its own links and hub keys, attachments), and where the deployment stands; never the vendor's cost sheet or split",
  access: 'vendor-link',
  responses: { 200: ok(vendorPageView), 401: linkRefused, 410: linkGone, 429: tooMany },
});

export const actOnVendorPage = defineOperation({
  method: 'POST',
  path: '/api/vendor-page/actions',
  summary: 'Report received, scheduled, seed test sent, deployed, a note or cannot deploy',
  access: 'vendor-link',
  body: declared('tracking', 'vendorAction'),
  responses: {
    200: ok(vendorPageView),
    401: linkRefused,
    409: because('Not possible at this stage (already deployed)'),
    410: linkGone,
    422: { description: 'A date that cannot be (a deployment in the future)' },
    429: tooMany,
  },
});

export const getVendorAttachment = defineOperation({
  method: 'GET',
  path: '/api/vendor-page/attachments/:index',
  summary: "One of the message's attachments",
  access: 'vendor-link',
  params: declared('path-params', 'attachmentParams'),
  responses: {
    200: { description: 'The file', mediaType: 'application/octet-stream' },
    401: linkRefused,
    404: because('No such attachment'),
    410: { description: 'The link expired or was turned off, or the file is no longer kept' },
    429: tooMany,
  },
});
