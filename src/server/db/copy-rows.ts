import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';

/**
 * Lines of COPY's text format (copy-text.ts writes them) loaded into a table inside a transaction. On PostgreSQL one
 * `COPY … FROM STDIN` on the transaction's own connection, which the database reads on its own core while the caller
 * makes the next lines; on the embedded database `COPY … FROM '/dev/blob'` of each megabyte. `write` answers a
 * promise only when the database is behind (await it); `end` waits for every line to be in; `abort` fails the COPY,
 * and with it the transaction.
 */
export interface CopyIn {
  write(text: string): Promise<void> | undefined;
  end(): Promise<void>;
  abort(error: Error): void;
}

interface PgliteQueryable {
  query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/** Text given to the embedded database per COPY. */
const BLOB_CHARS = 1 << 20;

/** The transaction's own connection: node-postgres's client, or PGlite's transaction. */
function connectionOf(tx: Db): unknown {
  return (tx as unknown as { session?: { client?: unknown } }).session?.client;
}

export function copyIn(tx: Db, table: string, columns: readonly string[]): CopyIn {
  const connection = connectionOf(tx);
  const statement = `COPY ${table} (${columns.join(', ')})`;
  if (connection instanceof pg.Client) return copyFromStdin(connection, `${statement} FROM STDIN`);
  if (connection && typeof (connection as PgliteQueryable).query === 'function') {
    return copyFromBlobs(connection as PgliteQueryable, `${statement} FROM '/dev/blob'`);
  }
  throw new Error('COPY needs the connection of a transaction');
}

function copyFromStdin(connection: pg.ClientBase, statement: string): CopyIn {
  const stream = connection.query(copyFrom(statement));
  // Until end() is called, a failure is kept for the next write() (nothing else listens before that).
  let failure: Error | null = null;
  stream.on('error', (error: Error) => (failure ??= error));
  return {
    write(text) {
      if (failure) throw failure;
      if (stream.write(text)) return undefined;
      return once(stream, 'drain').then(() => undefined);
    },
    async end() {
      stream.end();
      await finished(stream);
      if (failure) throw failure;
    },
    abort(error) {
      stream.destroy(error);
    },
  };
}

function copyFromBlobs(connection: PgliteQueryable, statement: string): CopyIn {
  let pending: string[] = [];
  let chars = 0;
  const flush = async () => {
    const blob = new Blob(pending);
    pending = [];
    chars = 0;
    await connection.query(statement, [], { blob });
  };
  return {
    write(text) {
      pending.push(text);
      chars += text.length;
      return chars >= BLOB_CHARS ? flush() : undefined;
    },
    async end() {
      if (chars > 0) await flush();
    },
    abort() {
      pending = [];
    },
  };
}
