// The database schema, one file per resource in ./schema/. drizzle-kit reads it from here (drizzle.config.ts), and the
// code imports it as '#server/db/schema'.
export * from './schema/users';
export * from './schema/google';
export * from './schema/sessions';
export * from './schema/audit';
export * from './schema/vendors';
export * from './schema/approval-emails';
export * from './schema/drafts';
export * from './schema/files';
export * from './schema/sends';
export * from './schema/tracking';
export * from './schema/maintenance';
export * from './schema/results';
export * from './schema/payouts';
