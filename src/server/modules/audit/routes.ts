import type { FastifyInstance } from 'fastify';
import { getAuditLog } from '#shared/api/audit';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import { listAuditLog, type AuditDeps } from './service';

export function registerAuditRoutes(app: FastifyInstance, deps: AuditDeps, guards: Guards) {
  routeDefiner(app, guards)(getAuditLog, async ({ query }) => listAuditLog(deps, query.limit, query.before));
}
