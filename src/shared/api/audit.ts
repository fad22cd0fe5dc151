import { auditLogPage, auditLogQuery } from '../contracts/audit';
import { defineOperation, ok } from './operation';

export const getAuditLog = defineOperation({
  method: 'GET',
  path: '/api/audit-log',
  summary: 'The audit trail, newest first',
  access: 'admin',
  query: auditLogQuery,
  responses: { 200: ok(auditLogPage) },
});
