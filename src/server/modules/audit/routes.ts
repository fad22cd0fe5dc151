import type { FastifyInstance } from 'fastify';
import { auditLogQuery } from '#shared/contracts/audit';
import type { Guards } from '#server/auth/guards';
import { parseInput } from '#server/validation';
import { listAuditLog, type AuditDeps } from './service';

export function registerAuditRoutes(app: FastifyInstance, deps: AuditDeps, guards: Guards) {
  app.get('/api/audit-log', { preHandler: guards.requireAdmin }, async (request) => {
    const { limit, before } = parseInput(auditLogQuery, request.query, 'query');
    return listAuditLog(deps, limit, before);
  });
}
