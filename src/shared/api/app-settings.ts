import { appSettings } from '../contracts/app-settings';
import { defineOperation, ok } from './operation';

export const getAppSettings = defineOperation({
  method: 'GET',
  path: '/api/app-settings',
  summary: 'What the send page needs of the configuration',
  access: 'user',
  responses: { 200: ok(appSettings) },
});
