import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the change triggers (migration 0011) announce on; the payload is the table's name. */
export const CHANGES_CHANNEL = 'dispatch_changes';
/** The application_name of the PostgreSQL session that listens, so an operator (or a test) can find it. */
export const CHANGE_FEED_APPLICATION_NAME = 'dispatch-change-feed';

export interface ChangeHandlers {
  /** A write to `table` committed, by this instance or another. */
  onChange(table: string): void;
  /** Changes may be missed from now on, until onLive. */
  onLost(): void;
  /** Every change committed from now on is delivered. */
  onLive(): void;
}

/** The committed writes of every instance on the database, as they happen. */
export interface ChangeFeed {
  /** Starts delivering to the handlers; onLive is called once the feed listens. */
  start(handlers: ChangeHandlers): void;
  /** Resolves true once every change committed before the call has been delivered; false when that is not sure. */
  settle(): Promise<boolean>;
  close(): Promise<void>;
}

/** PGlite runs in this process and delivers a commit's notices before the query that committed resolves. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  return {
    start(handlers) {
      void client
        .listen(CHANGES_CHANNEL, (table) => handlers.onChange(table))
        .then((stop) => {
          if (closed) return stop();
          unlisten = stop;
          handlers.onLive();
        });
    },
    settle: async () => true,
    async close() {
      closed = true;
      // A database closed first (its own shutdown, or a failure) has nothing left to stop listening to.
      if (client.closed) return;
      await unlisten?.();
    },
  };
}

const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];
const SETTLE_TIMEOUT_MS = 2000;

interface Settling {
  acks: number;
  /** How many feeds listened when the request went out; unknown until the query answers. */
  expected?: number;
  resolve(arrived: boolean): void;
}

/**
 * PostgreSQL: one dedicated session (a `pg.Client` of its own, outside the query pool) LISTENs. PostgreSQL delivers
 * notices in commit order, so a notice committed after some writes reaches each listener after theirs: settle() sends
 * one, every listening instance (this one included) answers it once it has applied what came before, and settle() waits
 * for as many answers as there were listeners. When the session ends the feed reports the loss at once and opens a new
 * one with a growing delay until it listens again (a pg Client is not reused after it ended).
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  let handlers: ChangeHandlers | undefined;
  let session: pg.Client | undefined;
  let isLive = false;
  let isClosed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const settling = new Map<string, Settling>();
  // The session takes one query at a time (pg 9 will not queue them): a settle request and the answers to other
  // instances' requests wait their turn.
  let queries: Promise<unknown> = Promise.resolve();
  const inTurn = <T extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[] = []) => {
    const result = queries.then(() => client.query<T>(text, values));
    queries = result.catch(() => {});
    return result;
  };

  const lose = () => {
    for (const { resolve } of settling.values()) resolve(false);
    settling.clear();
    if (!isLive) return;
    isLive = false;
    handlers?.onLost();
  };

  const checkSettled = (id: string) => {
    const waiting = settling.get(id);
    if (waiting?.expected !== undefined && waiting.acks >= waiting.expected) {
      settling.delete(id);
      waiting.resolve(true);
    }
  };

  const onNotification = (client: pg.Client, { channel, payload = '' }: pg.Notification) => {
    if (channel !== CHANGES_CHANNEL) return;
    if (payload.startsWith('settle:')) {
      // Everything committed before this request has been applied above: say so.
      inTurn(client, 'select pg_notify($1, $2)', [CHANGES_CHANNEL, `ack:${payload.slice(7)}`]).catch(() => {});
    } else if (payload.startsWith('ack:')) {
      const waiting = settling.get(payload.slice(4));
      if (waiting) {
        waiting.acks++;
        checkSettled(payload.slice(4));
      }
    } else handlers?.onChange(payload);
  };

  /** This session is over (ended, failed, or never connected): report the loss once and try again later. */
  const ended = (client: pg.Client) => {
    if (session !== client) return;
    session = undefined;
    client.end().catch(() => {});
    lose();
    scheduleListen();
  };

  async function listen() {
    retryTimer = undefined;
    if (isClosed) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 60_000,
    });
    session = client;
    // A session cut by a restart or pg_terminate_backend emits 'error' then 'end'; an unheard 'error' ends the process.
    client.on('error', () => ended(client));
    client.on('end', () => ended(client));
    client.on('notification', (message) => onNotification(client, message));
    try {
      await client.connect();
      await inTurn(client, `listen ${CHANGES_CHANNEL}`);
      if (session !== client) return;
      attempt = 0;
      isLive = true;
      handlers?.onLive();
    } catch {
      ended(client);
    }
  }

  function scheduleListen() {
    if (retryTimer || isClosed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    retryTimer = setTimeout(() => void listen(), delay);
    retryTimer.unref();
  }

  return {
    start(given) {
      handlers = given;
      void listen();
    },
    async settle() {
      const client = session;
      if (!isLive || !client) return false;
      const id = randomUUID();
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          settling.delete(id);
          resolve(false);
        }, SETTLE_TIMEOUT_MS);
        timer.unref();
        settling.set(id, {
          acks: 0,
          resolve(value) {
            clearTimeout(timer);
            resolve(value);
          },
        });
      });
      try {
        const { rows } = await inTurn<{ listeners: number }>(
          client,
          `select pg_notify($1, $2),
            (select count(*)::int from pg_stat_activity where application_name = $3 and datname = current_database()) as listeners`,
          [CHANGES_CHANNEL, `settle:${id}`, CHANGE_FEED_APPLICATION_NAME],
        );
        const waiting = settling.get(id);
        if (waiting) {
          waiting.expected = rows[0]!.listeners;
          checkSettled(id);
        }
      } catch {
        settling.get(id)?.resolve(false);
        settling.delete(id);
      }
      return arrived;
    },
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      const client = session;
      session = undefined;
      lose();
      await client?.end().catch(() => {});
    },
  };
}
