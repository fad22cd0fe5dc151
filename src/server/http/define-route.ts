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
  Declared,
  ParamsOf,
  QueryOf,
  RegisteredOperation,
  SchemaOf,
} from '#shared/api/operation';
import type { Guards } from '#server/auth/guards';
import { answerSchemaOf, declaredAnswer } from '#server/http/declared-answer';
import { closeAfterRefusal } from '#server/http/lingering-close';
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
  user: UserOf<O>;
}

export type RouteHandler<O extends ApiOperation> = (
  input: RouteInput<O>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

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

type RequestPart = 'params' | 'query' | 'body';

/** The request schemas a declaration names by type (params, query, body): the server binds each where it registers. */
export type RequestSchemas<O extends ApiOperation> = {
  [K in RequestPart as O[K] extends Declared<z.ZodMiniType> ? K : never]: SchemaOf<O[K]>;
};

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * Each bound schema must read and yield exactly the declared types (being assignable is not enough: a schema whose
 * output is narrower would be), else tsc names the part that drifted.
 */
type Exactly<O extends ApiOperation, S> = {
  [K in keyof S]: K extends keyof RequestSchemas<O>
    ? S[K] extends z.ZodMiniType
      ? Same<z.output<S[K]>, z.output<SchemaOf<O[K]>>> extends true
        ? Same<z.input<S[K]>, z.input<SchemaOf<O[K]>>> extends true
          ? S[K]
          : { error: `the bound ${K & string} schema reads another input than the declared one` }
        : { error: `the bound ${K & string} schema yields another output than the declared one` }
      : never
    : never;
};

/** What follows the declaration: its request schemas when it names any, the handler, and the extras. */
export type RouteArgs<O extends ApiOperation, S> = [keyof RequestSchemas<O>] extends [never]
  ? [handler: RouteHandler<O>, extras?: RouteExtras]
  : [schemas: S & Exactly<O, S> & RequestSchemas<O>, handler: RouteHandler<O>, extras?: RouteExtras];

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
 * limit, then its params, query and body parsed with the schemas bound here (a 400 naming the field) before the
 * handler runs with them. A declaration that names request types takes their schemas first:
 * `route(sendConsolidated, { body: sendBody }, handler, extras)` (decision 0047).
 */
export function defineRoute<O extends ApiOperation, S = RequestSchemas<O>>(
  app: FastifyInstance,
  guards: Guards | undefined,
  declaration: O,
  ...args: RouteArgs<O, S>
): void {
  const [schemas, handler, extras = {}] = (typeof args[0] === 'function' ? [{}, ...args] : args) as unknown as [
    Partial<Pick<RegisteredOperation, RequestPart>>,
    RouteHandler<O>,
    RouteExtras | undefined,
  ];
  // What the declaration holds for its request parts are types only; the schemas are those bound here.
  const { params: hasParams, query: hasQuery, body: hasBody, ...head } = declaration;
  const named = { params: hasParams, query: hasQuery, body: hasBody };
  const unmatched = (['params', 'query', 'body'] as const).filter((part) => !named[part] !== !schemas[part]);
  if (unmatched.length > 0)
    throw new Error(`${declaration.path}: the bound schemas do not match the declared ${unmatched.join(', ')}`);
  const operation: RegisteredOperation = { ...head, ...schemas };
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
      const input = {
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
  return <O extends ApiOperation, S = RequestSchemas<O>>(operation: O, ...args: RouteArgs<O, S>) =>
    defineRoute<O, S>(app, guards, operation, ...args);
}
