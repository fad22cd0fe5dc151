import type { FastifyServerOptions } from 'fastify';

/** Where the JSON log lines go (standard output when not given): tests pass a stream they read. */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggingOptions {
  level: string;
  stream?: LogDestination;
}

/** Query parameters whose values may be credentials: session tokens, OAuth codes, connect tickets, invites. */
const SECRET_PARAMETER = /token|code|ticket|invite|secret|password|state|key/i;
const REDACTED = '[redacted]';

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The URL as it may be written to a log: under /auth no query string at all (OAuth codes and states, invites, tickets),
 * elsewhere every parameter kept but the values of those that may carry a credential.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  if (/^\/auth(\/|$)/.test(path)) return `${path}?${REDACTED}`;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMETER.test(decodeName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Method, redacted URL and client address: never headers (Authorization, Cookie) nor the body. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of database errors (PGlite, node-postgres) that name schema objects, not data: kept. `detail`, `where`,
 * `query`, `params`/`parameters` and every other field are dropped, since they carry the values of the statement.
 */
const KEPT_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'schema'];

/** Drizzle's message repeats the failed statement (parameterized, so without values) followed by its parameters. */
const FAILED_QUERY = /^(Failed query: [\s\S]*?)\nparams: /;
/** A PostgreSQL error (SQLSTATE code) may quote a value in its message: `invalid input syntax for type integer: "..."`. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function redactMessage(message: string, code: unknown): string {
  const failedQuery = FAILED_QUERY.exec(message);
  if (failedQuery) return failedQuery[1]!;
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return message;
  return message.replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`).replace(/'(?:[^'\\]|\\.)*'/g, `'${REDACTED}'`);
}

const MAX_CAUSES = 4;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error as it may be logged: type, redacted message and stack, error codes, the same for its causes. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const message = redactMessage(error.message, fields.code);
  // The stack starts with the message: it is replaced there, and only the frames after it are kept.
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const afterMessage = stack.includes(error.message)
    ? stack.slice(stack.indexOf(error.message) + error.message.length)
    : '';
  const frames = afterMessage.split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of KEPT_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The serializers and censored paths of every log of the server: Fastify's (below) and the process's own (logger.ts). */
export const logRedaction = {
  serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  redact: {
    paths: [
      'headers.authorization',
      'headers.cookie',
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'body',
      'req.body',
      'request.body',
      'password',
      'token',
      '*.password',
      '*.token',
    ],
    censor: REDACTED,
  },
};

/**
 * Fastify's logger: requests logged without credentials, errors without bodies or SQL parameters, and the usual places
 * of secrets censored should anything log them.
 */
export function loggerOptions({ level, stream }: LoggingOptions): NonNullable<FastifyServerOptions['logger']> {
  return { level, ...(stream ? { stream } : {}), ...logRedaction };
}
