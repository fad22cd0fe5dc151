import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { sendTestEmail as sendTestEmailOperation } from '#shared/api/email-test';
import { testEmailRecipients as recipients } from '#shared/contracts/email-test';
import type { Guards } from '#server/auth/guards';
import { badRequest } from '#server/errors';
import { routeDefiner } from '#server/http/define-route';
import { parseInput } from '#server/validation';
import type { UserLimiters } from '../rate-limits';
import { sendTestEmail, type EmailTestDeps } from './service';

/** Room for an HTML test message of up to 10 MB (authenticated before it is read). */
export const EMAIL_TEST_BODY_LIMIT = 12 * 1024 * 1024;

export function registerEmailTestRoutes(
  app: FastifyInstance,
  deps: EmailTestDeps,
  guards: Guards,
  limits: Pick<UserLimiters, 'emailTests'>,
) {
  const options = { isAuthenticatedBeforeBody: true, limit: limits.emailTests, bodyLimit: EMAIL_TEST_BODY_LIMIT };
  routeDefiner(app, guards)(
    sendTestEmailOperation,
    async ({ body, user }) => {
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
      return sendTestEmail(deps, user.id, {
        to,
        subject,
        text: body.text?.trim() ? body.text : undefined,
        html: body.html?.trim() ? body.html : undefined,
      });
    },
    options,
  );
}
