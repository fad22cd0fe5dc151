import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type * as z from 'zod/mini';
import type {
  ApiOperation,
  BodyOf,
  HeadersOf,
  ParamsOf,
  QueryOf,
  RegisteredOperation,
  ResultOf,
} from '#shared/api/operation';
import type { Guards } from '#server/auth/guards';
import { answerSchemaOf, declaredAnswer } from '#server/http/declared-answer';
import { closeAfterRefusal } from '#server/http/lingering-close';
import { schemaNamed } from '#server/http/request-schemas';
import type { AuthenticatedUser } from '#server/modules/session/service';
import { parseInput } from '#server/validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (defineRoute); the OpenAPI document lists these. */
    operation?: RegisteredOperation;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The signed-in user for the operations that need one; null for those anyone or a vendor link may call. */
type UserOf<O extends ApiOperation> = O['access'] extends 'user' | 'admin' ? AuthenticatedUser : null;

export interface RouteInput<O extends ApiOperation> {
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
  /** The headers the operation declares, parsed by their schema. */
  headers: HeadersOf<O>;
  user: UserOf<O>;
}

/** A value as JSON.stringify writes it: a Date where the answer declares a string (its ISO text). */
type Serializable<T> = T extends string
  ? T | (string extends T ? Date : never)
  : T extends readonly (infer E)[]
    ? readonly Serializable<E>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

/**
 * What a handler returns: the declared success answer (tsc checks its shape), or nothing for an answer without a body.
 * A reply a handler sends itself (cached bytes, a download, a 304) is not checked here: Fastify types a reply as a
 * thenable that settles to nothing, so an async handler returning it returns Promise<never>. The bytes helpers filter
 * through the route's schema instead (cached-json.ts).
 */
export type AnswerOf<O extends ApiOperation> =
  (undefined extends ResultOf<O> ? void : never) | Serializable<ResultOf<O>>;

export type RouteHandler<O extends ApiOperation> = (
  input: RouteInput<O>,
  request: FastifyRequest,
  reply: FastifyReply,
) => AnswerOf<O> | Promise<AnswerOf<O>>;

export interface RouteExtras {
  /**
   * For large bodies: authenticate in `onRequest`, before the body is read, and close the connection after a refusal
   * (closeAfterRefusal) instead of reading the upload.
   */
  isAuthenticatedBeforeBody?: boolean;
  bodyLimit?: number;
  /** A rate limit, run after the guard (it counts per user), or before the link's check (per vendor link). */
  limit?: Hook;
  /**
   * With isAuthenticatedBeforeBody: what else refuses a request before its body is read (an unknown client, a declared
   * length over the limit), run after the guard and the limit; a refusal closes the connection like the guard's.
   */
  checkBeforeBody?: (request: FastifyRequest) => void | Promise<void>;
  /** For 'vendor-link' operations: checks the link in 'Authorization: Bearer' (401 for none or an unknown one). */
  authenticateLink?: (request: FastifyRequest) => Promise<unknown>;
  /** Fastify's route config (e.g. `writes` for a GET that writes). */
  config?: { writes?: boolean };
}

/** A check run before the body is read; a refusal closes the connection without reading the upload (decision 0021). */
function refusingBeforeBody(check: (request: FastifyRequest) => Promise<void>): Hook {
  return async (request, reply) => {
    try {
      await check(request);
    } catch (error) {
      closeAfterRefusal(request, reply);
      throw error;
    }
  };
}

/** What follows the declaration: the handler, and the extras. */
export type RouteArgs<O extends ApiOperation> = [handler: RouteHandler<O>, extras?: RouteExtras];

const REQUEST_PARTS = ['headers', 'params', 'query', 'body'] as const;

/**
 * The status of a success: the one the declaration names, or the first of several (a handler that answers another,
 * 201 for an upsert that created, sets it itself).
 */
export function successStatusOf(responses: Record<number, unknown>): number {
  const successes = Object.keys(responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return successes.length > 0 ? Math.min(...successes) : 200;
}

/** The declared headers as their schema names them, read whatever their case (Node gives them in lowercase). */
function headersOf(schema: z.ZodMiniObject, request: FastifyRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => {
      const value = request.headers[name.toLowerCase()];
      return [name, Array.isArray(value) ? value[0] : value];
    }),
  );
}

/** The hook that enforces the declared access, and when it runs. */
function guardOf(
  operation: RegisteredOperation,
  guards: Guards | undefined,
  extras: RouteExtras,
): { hook?: Hook; isBeforeBody: boolean } {
  switch (operation.access) {
    case 'anyone':
      return { isBeforeBody: true };
    // The link itself is the credential, checked before the body is read (after the per-link limit, which counts the
    // tries of a token that is no link against the client's address).
    case 'vendor-link': {
      const authenticateLink = extras.authenticateLink;
      if (!authenticateLink) throw new Error(`${operation.path}: a vendor link operation needs authenticateLink`);
      return {
        hook: refusingBeforeBody(async (request) => void (await authenticateLink(request))),
        isBeforeBody: true,
      };
    }
    case 'user':
      if (!guards) throw new Error(`${operation.path}: a signed-in operation needs the guards`);
      return extras.isAuthenticatedBeforeBody
        ? { hook: guards.requireUserBeforeBody, isBeforeBody: true }
        : { hook: guards.requireUser, isBeforeBody: false };
    case 'admin':
      if (!guards) throw new Error(`${operation.path}: an admin operation needs the guards`);
      return extras.isAuthenticatedBeforeBody
        ? { hook: refusingBeforeBody(guards.requireAdmin), isBeforeBody: true }
        : { hook: guards.requireAdmin, isBeforeBody: false };
  }
}

/**
 * Registers an operation's route from its declaration: its method and path, the guard its access names, its rate
 * limit, then its headers, params, query and body parsed with the schemas the declaration names (a 400 naming the
 * field) before the handler runs with them, its declared success status set (decision 0077).
 */
export function defineRoute<O extends ApiOperation>(
  app: FastifyInstance,
  guards: Guards | undefined,
  declaration: O,
  ...[handler, extras = {}]: RouteArgs<O>
): void {
  // The declaration names its request schemas; the server binds the very exports it names.
  const operation: RegisteredOperation = {
    ...declaration,
    headers: undefined,
    params: undefined,
    query: undefined,
    body: undefined,
  };
  for (const part of REQUEST_PARTS) {
    const named = declaration[part];
    if (named) Object.assign(operation, { [part]: schemaNamed(named, declaration.path) });
    else delete operation[part];
  }
  const successStatus = successStatusOf(operation.responses);
  const { hook, isBeforeBody } = guardOf(operation, guards, extras);
  const ordered = operation.access === 'vendor-link' ? [extras.limit, hook] : [hook, extras.limit];
  if (extras.checkBeforeBody) {
    if (!isBeforeBody) throw new Error(`${operation.path}: checkBeforeBody needs isAuthenticatedBeforeBody`);
    const check = extras.checkBeforeBody;
    ordered.push(refusingBeforeBody(async (request) => check(request)));
  }
  const hooks = ordered.filter((each): each is Hook => each !== undefined);
  const firstParam = operation.params ? Object.keys(operation.params.shape)[0] : undefined;
  const route: RouteOptions = {
    method: operation.method,
    url: operation.path,
    config: { ...extras.config, operation },
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(hooks.length > 0
      ? isBeforeBody
        ? { onRequest: hooks as onRequestHookHandler[] }
        : { preHandler: hooks as preHandlerHookHandler[] }
      : {}),
    // Every object answer leaves through the schema declared for its status: a key it does not name is left out.
    preSerialization: async (_request, reply, payload: unknown) => {
      const schema = answerSchemaOf(operation.responses, reply.statusCode);
      return schema ? declaredAnswer(schema, payload) : payload;
    },
    handler: async (request, reply) => {
      reply.code(successStatus);
      const input = {
        headers: operation.headers
          ? parseInput(operation.headers, headersOf(operation.headers, request), 'headers')
          : {},
        params: operation.params ? parseInput(operation.params, request.params, firstParam) : {},
        query: operation.query ? parseInput(operation.query, request.query, 'query') : {},
        body: operation.body ? parseInput(operation.body, request.body) : undefined,
        user: request.user ?? null,
      } as RouteInput<O>;
      return handler(input, request, reply);
    },
  };
  app.route(route);
}

/** defineRoute bound to an app and its guards, for a module's routes file. */
export function routeDefiner(app: FastifyInstance, guards?: Guards) {
  return <O extends ApiOperation>(operation: O, ...args: RouteArgs<O>) =>
    defineRoute<O>(app, guards, operation, ...args);
}
