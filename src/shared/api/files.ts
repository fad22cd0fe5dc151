import { defineOperation, storeUnavailable, because, declared } from './operation';

export const downloadFile = defineOperation({
  method: 'GET',
  path: '/api/files/:key',
  summary: 'Download a stored upload',
  access: 'user',
  params: declared('path-params', 'fileParams'),
  query: declared('files', 'fileQuery'),
  responses: {
    200: { description: 'The file', mediaType: 'application/octet-stream' },
    404: because('No such file of that type'),
    503: storeUnavailable,
  },
});
