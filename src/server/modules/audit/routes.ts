import type { FastifyInstance } from 'fastify';
import { getAuditLog } from '#shared/api/audit';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import { listAuditLog, type AuditDeps } from './service';
import { auditLogQuery } from '#shared/contracts/audit';

export function registerAuditRoutes(app: FastifyInstance, deps: AuditDeps, guards: Guards) {
  routeDefiner(app, guards)(getAuditLog, { query: auditLogQuery }, async ({ query }) =>
    listAuditLog(deps, query.limit, query.before),
  );
}
