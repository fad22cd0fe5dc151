import type * as z from 'zod/mini';
import type { SpecificErrorCode } from './error-codes';
import type { RequestSchemaModules } from './request-schemas';

/**
 * Who may call an operation: anyone, any signed-in user, admins, or the holder of a vendor's page link (its token in
 * 'Authorization: Bearer', no session).
 */
export type Access = 'anyone' | 'user' | 'admin' | 'vendor-link';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  description: string;
  /** The JSON body; absent for an answer without a body (204) or a download. */
  schema?: z.ZodMiniType;
  /** A download's media type instead of JSON. */
  mediaType?: string;
  /** For an error status: the codes besides the status's default that its answer may carry (decision 0081). */
  codes?: readonly SpecificErrorCode[];
}

declare const requestSchema: unique symbol;

/**
 * A request schema named once (decisions 0047, 0077): by its contract module and export name, `declared('sends',
 * 'sendListQuery')`. The browser loads the declarations but needs only the types of what it sends; the schema itself,
 * and the zod features it uses (checks, regexes, pipes, transforms), stay on the server, whose defineRoute binds the
 * export the declaration names. The name is checked by tsc against the module's exports, and the type the declaration
 * carries is that export's own: a route cannot bind another schema than the one declared. Operations the browser
 * never calls (tests) may carry the schema itself: `declared(schema)`.
 */
export interface Declared<S extends z.ZodMiniType> {
  /** A type only: nothing is there at run time. */
  readonly [requestSchema]: S;
  readonly module?: string;
  readonly name?: string;
  readonly schema?: S;
}

type SchemaNames<M> = { [K in keyof M]: M[K] extends z.ZodMiniType ? K : never }[keyof M] & string;

/** `declared('sends', 'sendBody')`: the export `sendBody` of `src/shared/contracts/sends.ts`, by name; no code. */
export function declared<
  const M extends keyof RequestSchemaModules,
  const N extends SchemaNames<RequestSchemaModules[M]>,
>(module: M, name: N): Declared<RequestSchemaModules[M][N] & z.ZodMiniType>;
export function declared<S extends z.ZodMiniType>(schema: S): Declared<S>;
/* @__NO_SIDE_EFFECTS__ */
export function declared(moduleOrSchema: string | z.ZodMiniType, name?: string): Declared<z.ZodMiniType> {
  return (typeof moduleOrSchema === 'string' ? { module: moduleOrSchema, name } : { schema: moduleOrSchema }) as never;
}

/** The schema a Declared names. */
export type SchemaOf<D> = D extends Declared<infer S extends z.ZodMiniType> ? S : never;

interface OperationHead {
  method: HttpMethod;
  /** The path as Fastify registers it ('/api/vendors/:vendorId'). */
  path: string;
  summary: string;
  access: Access;
  /**
   * A raw body of this media type instead of a JSON one (a results CSV): never parsed nor buffered by the server, the
   * handler reads it as it arrives.
   */
  rawBody?: string;
  /** Answers beyond those every operation of its kind has (see responsesOf in src/server/openapi/document.ts). */
  responses: Record<number, ResponseSpec>;
}

/**
 * One operation of the API, declared once: the server registers its route, guard and input parsing from it
 * (src/server/http/define-route.ts), the OpenAPI document describes it, and the client calls it (src/client/lib/request.ts).
 * Its params, query and body are types only (declared<typeof schema>()); its answers carry their schemas, which the
 * client parses with.
 */
export interface ApiOperation extends OperationHead {
  /** Request headers it reads, by their documented names ('Idempotency-Key'). */
  headers?: Declared<z.ZodMiniObject>;
  params?: Declared<z.ZodMiniObject>;
  query?: Declared<z.ZodMiniObject>;
  body?: Declared<z.ZodMiniType>;
}

/** A declaration with the request schemas the server bound to it: what the app registers and its document describes. */
export interface RegisteredOperation extends OperationHead {
  headers?: z.ZodMiniObject;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
}

/**
 * Keeps the literal types of a declaration (its path, its schemas), which pathOf, call and defineRoute read. Marked
 * free of side effects so that a bundle keeps only the declarations it calls, with their answers' schemas (0047).
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineOperation<const O extends ApiOperation>(operation: O): O {
  return operation;
}

type Parsed<D, Else> = D extends Declared<infer S extends z.ZodMiniType> ? z.output<S> : Else;
type Input<D, Else> = D extends Declared<infer S extends z.ZodMiniType> ? z.input<S> : Else;

/** What the handler receives, parsed: the path parameters, the query and the body. */
export type ParamsOf<O extends ApiOperation> = Parsed<O['params'], Record<string, never>>;
export type QueryOf<O extends ApiOperation> = Parsed<O['query'], Record<string, never>>;
export type BodyOf<O extends ApiOperation> = Parsed<O['body'], undefined>;
export type HeadersOf<O extends ApiOperation> = Parsed<O['headers'], Record<string, never>>;
/** What a client sends. */
export type QueryInputOf<O extends ApiOperation> = Input<O['query'], never>;
export type BodyInputOf<O extends ApiOperation> = Input<O['body'], never>;

/** The path parameters a client fills in, named by the params schema. */
export type PathParamsOf<O extends ApiOperation> =
  O['params'] extends Declared<infer S extends z.ZodMiniObject>
    ? { [K in keyof z.input<S>]-?: string | number }
    : Record<string, never>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The answer of a successful call: its body as the declared schema reads it, undefined for one without a body. */
export type ResultOf<O extends ApiOperation> = {
  [S in keyof O['responses']]: S extends SuccessStatus
    ? O['responses'][S] extends { schema: infer T extends z.ZodMiniType }
      ? z.output<T>
      : undefined
    : never;
}[keyof O['responses']];

/** The operation's path with its parameters filled in, each encoded ('/api/vendors/a%2Fb'). */
export function pathOf<O extends ApiOperation>(operation: O, ...[params]: PathParamsArgs<O>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

type PathParamsArgs<O extends ApiOperation> = O['params'] extends Declared<z.ZodMiniObject> ? [PathParamsOf<O>] : [];

// Answers many operations share.
export const ok = /* @__NO_SIDE_EFFECTS__ */ <S extends z.ZodMiniType>(schema: S, description = 'OK') => ({
  description,
  schema,
});
export const created = /* @__NO_SIDE_EFFECTS__ */ <S extends z.ZodMiniType>(schema: S) => ({
  description: 'Created',
  schema,
});
export const noContent = { description: 'Done; no body' } as const;
export const tooMany: ResponseSpec = { description: 'Too many requests; Retry-After says when to try again' };
export const notSender: ResponseSpec = {
  description: 'Only the person who made this send, or an admin, may (decision 0023)',
};
export const storeUnavailable: ResponseSpec = {
  description: 'The file store (S3 bucket or DATA_DIR/files) is unavailable; Retry-After says when to try again',
};
export const notModified: ResponseSpec = {
  description: 'Unchanged: the ETag named in If-None-Match is still current; no body',
};
export const mailFailed: ResponseSpec = { description: 'The mail server or Gmail refused the message' };
/** The 400 of an operation that mails as the signed-in user: under Gmail, the sender must sign in with Google first. */
export const badOrNeedsGoogle: ResponseSpec = {
  description:
    'A parameter or the body is missing, malformed or out of range; or (code requires-google-auth) the sender must sign in with Google to send through Gmail',
  codes: ['requires-google-auth'],
};
/**
 * An answer described in words only (a 404 or 409 whose body is the usual {message, code}), with the specific codes it
 * may carry besides its status's default: `because('Already finalized, or …', 'already-finalized', 'month-not-over')`.
 */
export const because = /* @__NO_SIDE_EFFECTS__ */ (description: string, ...codes: SpecificErrorCode[]): ResponseSpec =>
  codes.length > 0 ? { description, codes } : { description };
