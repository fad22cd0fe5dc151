// The audit trail's surface: every entry is written through recordAudit.
export { recordAudit, type Actor, type AuditActor, type AuditEntry } from './repository';
