import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { testEmailBody, testEmailRecipients as recipients } from '#shared/contracts/email-test';
import { userOf, type Guards } from '#server/auth/guards';
import { badRequest } from '#server/errors';
import { parseInput } from '#server/validation';
import type { UserLimiters } from '../rate-limits/limits';
import { sendTestEmail, type EmailTestDeps } from './service';

/** Room for an HTML test message of up to 10 MB (authenticated before it is read). */
export const EMAIL_TEST_BODY_LIMIT = 12 * 1024 * 1024;

export function registerEmailTestRoutes(
  app: FastifyInstance,
  deps: EmailTestDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'emailTests'>,
) {
  const onRequest = [guards.requireUserBeforeBody, limits.emailTests];
  app.post('/api/send-email', { onRequest, bodyLimit: EMAIL_TEST_BODY_LIMIT }, async (request) => {
    const body = parseInput(testEmailBody, request.body);
    const toList = (Array.isArray(body.to) ? body.to : (body.to ?? '').split(/[,;]/))
      .map((address) => address.trim())
      .filter(Boolean);
    const subject = body.subject?.trim() ?? '';
    const hasContent = !!body.text?.trim() || !!body.html?.trim();
    const missing = [
      ...(toList.length ? [] : ['to']),
      ...(subject ? [] : ['subject']),
      ...(hasContent ? [] : ['text or html']),
    ];
    if (missing.length > 0) throw badRequest(`Please provide: ${missing.join(', ')}.`, { missing });
    const to = parseInput(z.object({ to: recipients }), { to: toList }).to;
    return sendTestEmail(deps, userOf(request).id, {
      to,
      subject,
      text: body.text?.trim() ? body.text : undefined,
      html: body.html?.trim() ? body.html : undefined,
    });
  });
}
