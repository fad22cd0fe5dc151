interface DatabaseError {
  code: string;
  constraint?: string;
  table?: string;
}

/** The database's own error (SQLSTATE, constraint, table), also when a driver or Drizzle wraps it (as `cause`). */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint, table } = current as { code?: unknown; constraint?: unknown; table?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      // node-postgres and PGlite both say constraint and table.
      return {
        code,
        ...(typeof constraint === 'string' ? { constraint } : {}),
        ...(typeof table === 'string' ? { table } : {}),
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const databaseErrorCode = (error: unknown): string | undefined => databaseErrorOf(error)?.code;

/** True when a database error (or the error it wraps) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

/**
 * What a database refusal of the client's values means over HTTP. Validation should have refused them first; this
 * keeps a gap there a 4xx instead of a 500: class 22 is a value the column cannot hold (22003 out of range, 22021 and
 * 22P05 a NUL or untranslatable character, 22001 too long, 22P02 not a number), class 23 a broken constraint.
 */
export function httpErrorOfDatabaseError(error: unknown): { statusCode: number; message: string } | undefined {
  const code = databaseErrorCode(error);
  if (!code) return undefined;
  if (code.startsWith('22'))
    return { statusCode: 400, message: 'A value is out of range, too long or holds characters that cannot be stored.' };
  if (code === '23505') return { statusCode: 409, message: 'This already exists.' };
  if (code === '23503')
    return { statusCode: 409, message: 'This refers to something that no longer exists, or is still in use.' };
  if (code.startsWith('23')) return { statusCode: 400, message: 'A value breaks a rule of the stored data.' };
  return undefined;
}

/**
 * node-postgres gives the connection's own failures no code, only these messages (pg's client.js and pg-pool): a
 * session that ended under a query or was ended, one that could not be made in time, a client or pool no longer usable,
 * and the release of a client the pool took back when its session ended (`createPostgresPool`).
 */
const CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Release called on client which has already been released to the pool.',
]);
/** The network's: the server refused, reset or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when a query failed because the database is away (stopped, restarting, unreachable) rather than because of the
 * query: SQLSTATE class 08 (connection), 57P01-57P03 (shutting down, starting up), 53300 (too many connections), a
 * connection that ended or could not be made, or a network error on the way to the database (under a Drizzle query, or
 * to `databasePort`: a transaction's connection is taken from the pool before any query, and a refused connection to
 * another server, a bucket, is not the database's).
 */
export function isDatabaseUnavailable(error: unknown, databasePort?: number): boolean {
  let current: unknown = error;
  let isUnderQuery = false;
  for (let depth = 0; current && depth < 5; depth++) {
    const link = current as { code?: unknown; port?: unknown; query?: unknown; message?: unknown };
    if (typeof link.query === 'string') isUnderQuery = true;
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (!code && typeof link.message === 'string' && CONNECTION_MESSAGES.has(link.message)) return true;
    if (
      code &&
      (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) &&
      /^[0-9A-Z]{5}$/.test(code)
    )
      return true;
    if (code && NETWORK_CODES.has(code) && (isUnderQuery || (databasePort !== undefined && link.port === databasePort)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a write failed for want of space: the disk (ENOSPC), a quota (EDQUOT), or PostgreSQL's disk_full (53100). */
export function isOutOfSpace(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
