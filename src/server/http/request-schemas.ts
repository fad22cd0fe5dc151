import type * as z from 'zod/mini';
import type { Declared } from '#shared/api/operation';
import type { RequestSchemaModules } from '#shared/api/request-schemas';
import * as appSettings from '#shared/contracts/app-settings';
import * as audit from '#shared/contracts/audit';
import * as auth from '#shared/contracts/auth';
import * as common from '#shared/contracts/common';
import * as drafts from '#shared/contracts/drafts';
import * as emailTest from '#shared/contracts/email-test';
import * as files from '#shared/contracts/files';
import * as headers from '#shared/contracts/headers';
import * as pathParams from '#shared/contracts/path-params';
import * as performance from '#shared/contracts/performance';
import * as results from '#shared/contracts/results';
import * as send from '#shared/contracts/send';
import * as sends from '#shared/contracts/sends';
import * as sendsReuse from '#shared/contracts/sends-reuse';
import * as statements from '#shared/contracts/statements';
import * as tracking from '#shared/contracts/tracking';
import * as users from '#shared/contracts/users';
import * as vendors from '#shared/contracts/vendors';

/** The contract modules a declaration names its request schemas from, as values (their types: RequestSchemaModules). */
const modules: RequestSchemaModules = {
  'app-settings': appSettings,
  audit,
  auth,
  common,
  drafts,
  'email-test': emailTest,
  files,
  headers,
  'path-params': pathParams,
  performance,
  results,
  send,
  sends,
  'sends-reuse': sendsReuse,
  statements,
  tracking,
  users,
  vendors,
};

const isSchema = (value: unknown): value is z.ZodMiniType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The schema a declaration names (`declared('sends', 'sendBody')` is the export sendBody of contracts/sends.ts). */
export function schemaNamed<S extends z.ZodMiniType>(declared: Declared<S>, path: string): S {
  if (declared.schema) return declared.schema;
  const found = (modules as unknown as Record<string, Record<string, unknown>>)[declared.module ?? '']?.[
    declared.name ?? ''
  ];
  if (!isSchema(found)) throw new Error(`${path}: no request schema ${declared.module}.${declared.name}`);
  return found as S;
}
