import type { FastifyInstance } from 'fastify';
import {
  emailLogDeliveryParams as deliveryParams,
  emailLogIdParams as logIdParams,
  emailLogQuery,
} from '#shared/contracts/email-logs';
import { EML_TYPE } from '#shared/file-kinds';
import { userOf, type Guards } from '#server/auth/guards';
import { sendJsonBytes, toJsonBytes } from '#server/http/cached-json';
import { attachmentDisposition } from '#server/http/content-disposition';
import { parseInput } from '#server/validation';
import * as emailLogs from './log-service';

export function registerEmailLogRoutes(app: FastifyInstance, deps: emailLogs.EmailLogDeps, guards: Guards) {
  const signedIn = { preHandler: guards.requireUser };

  app.get('/api/email-logs', signedIn, async (request) => {
    const filters = parseInput(emailLogQuery, request.query, 'query');
    return emailLogs.listEmailLogs(deps, filters);
  });

  // One entry, polled every few seconds while its Deployment Details are open: a strong ETag of its bytes, 304 when unchanged.
  app.get('/api/email-logs/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(logIdParams, request.params, 'id');
    return sendJsonBytes(request, reply, toJsonBytes(await emailLogs.getEmailLog(deps, id)));
  });

  app.get('/api/email-logs/:id/deliveries/:vendorId/eml', signedIn, async (request, reply) => {
    const { id, vendorId } = parseInput(deliveryParams, request.params, 'id');
    const { raw, fileName } = await emailLogs.getDeliveryEml(deps, userOf(request), id, vendorId);
    return reply
      .header('Content-Type', EML_TYPE)
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(raw);
  });

  app.post('/api/email-logs/:id/retry-failed', signedIn, async (request) => {
    const { id } = parseInput(logIdParams, request.params, 'id');
    return emailLogs.retryFailed(deps, userOf(request), id);
  });

  app.post('/api/email-logs/:id/deliveries/:vendorId/send-again', signedIn, async (request) => {
    const { id, vendorId } = parseInput(deliveryParams, request.params, 'id');
    return emailLogs.sendAgain(deps, userOf(request), id, vendorId);
  });
}
