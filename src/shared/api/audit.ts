import { auditLogPage } from '../contracts/audit';
import { defineOperation, ok, declared } from './operation';

export const getAuditLog = defineOperation({
  method: 'GET',
  path: '/api/audit-log',
  summary: 'The audit trail, newest first',
  access: 'admin',
  query: declared('audit', 'auditLogQuery'),
  responses: { 200: ok(auditLogPage) },
});
