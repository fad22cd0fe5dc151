import type { fileParams, fileQuery } from '../contracts/files';
import { defineOperation, storeUnavailable, because, declared } from './operation';

export const downloadFile = defineOperation({
  method: 'GET',
  path: '/api/files/:key',
  summary: 'Download a stored upload',
  access: 'user',
  params: declared<typeof fileParams>(),
  query: declared<typeof fileQuery>(),
  responses: {
    200: { description: 'The file', mediaType: 'application/octet-stream' },
    404: because('No such file of that type'),
    503: storeUnavailable,
  },
});
