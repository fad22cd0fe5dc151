import type * as appSettings from '../contracts/app-settings';
import type * as audit from '../contracts/audit';
import type * as auth from '../contracts/auth';
import type * as common from '../contracts/common';
import type * as drafts from '../contracts/drafts';
import type * as emailTest from '../contracts/email-test';
import type * as files from '../contracts/files';
import type * as headers from '../contracts/headers';
import type * as pathParams from '../contracts/path-params';
import type * as performance from '../contracts/performance';
import type * as results from '../contracts/results';
import type * as send from '../contracts/send';
import type * as sends from '../contracts/sends';
import type * as sendsReuse from '../contracts/sends-reuse';
import type * as statements from '../contracts/statements';
import type * as tracking from '../contracts/tracking';
import type * as users from '../contracts/users';
import type * as vendors from '../contracts/vendors';

/**
 * The contract modules that hold request schemas, by the name a declaration gives them (`declared('sends', …)`). Types
 * only: the browser loads none of them; the server holds the same modules as values (src/server/http/request-schemas.ts),
 * typed by this interface, so a module missing there fails tsc.
 */
export interface RequestSchemaModules {
  'app-settings': typeof appSettings;
  audit: typeof audit;
  auth: typeof auth;
  common: typeof common;
  drafts: typeof drafts;
  'email-test': typeof emailTest;
  files: typeof files;
  headers: typeof headers;
  'path-params': typeof pathParams;
  performance: typeof performance;
  results: typeof results;
  send: typeof send;
  sends: typeof sends;
  'sends-reuse': typeof sendsReuse;
  statements: typeof statements;
  tracking: typeof tracking;
  users: typeof users;
  vendors: typeof vendors;
}
