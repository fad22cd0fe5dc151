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
      // postgres.js says constraint_name and table_name; PGlite says constraint and table.
      const named = current as { constraint_name?: unknown; table_name?: unknown };
      const text = (...values: unknown[]) => values.find((value): value is string => typeof value === 'string');
      return { code, constraint: text(constraint, named.constraint_name), table: text(table, named.table_name) };
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
  if (code.startsWith('22')) return { statusCode: 400, message: 'A value is out of range, too long or holds characters that cannot be stored.' };
  if (code === '23505') return { statusCode: 409, message: 'This already exists.' };
  if (code === '23503') return { statusCode: 409, message: 'This refers to something that no longer exists, or is still in use.' };
  if (code.startsWith('23')) return { statusCode: 400, message: 'A value breaks a rule of the stored data.' };
  return undefined;
}
