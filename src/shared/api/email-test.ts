import { testEmailResult } from '../contracts/responses/email-test';
import { badOrNeedsGoogle, defineOperation, ok, tooMany, mailFailed, declared } from './operation';

export const sendTestEmail = defineOperation({
  method: 'POST',
  path: '/api/send-email',
  summary: 'The email test page: one message now',
  access: 'user',
  body: declared('email-test', 'testEmailBody'),
  responses: { 200: ok(testEmailResult), 400: badOrNeedsGoogle, 429: tooMany, 502: mailFailed },
});
