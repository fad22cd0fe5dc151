import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

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
 * PostgreSQL: one dedicated session LISTENs. PostgreSQL delivers notices in commit order, so a notice committed after
 * some writes reaches each listener after theirs: settle() sends one, every listening instance (this one included)
 * answers it once it has applied what came before, and settle() waits for as many answers as there were listeners.
 * When the session ends the feed reports the loss at once and listens again with a growing delay until it is back.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  let handlers: ChangeHandlers | undefined;
  let isLive = false;
  let isClosed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const settling = new Map<string, Settling>();

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

  // sql.listen() re-listens by itself but never says that notices were missed meanwhile; this session's own onclose
  // does. onnotify is the option sql.listen() itself uses (postgres.js leaves it out of its types).
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: CHANGE_FEED_APPLICATION_NAME },
    onnotify(channel: string, payload: string) {
      if (channel !== CHANGES_CHANNEL) return;
      if (payload.startsWith('settle:')) {
        // Everything committed before this request has been applied above: say so.
        sql`select pg_notify(${CHANGES_CHANNEL}, ${`ack:${payload.slice(7)}`})`.catch(() => {});
      } else if (payload.startsWith('ack:')) {
        const waiting = settling.get(payload.slice(4));
        if (waiting) {
          waiting.acks++;
          checkSettled(payload.slice(4));
        }
      } else handlers?.onChange(payload);
    },
    onclose() {
      lose();
      if (!isClosed) scheduleListen();
    },
  };
  const sql = postgres(url, options as postgres.Options<Record<string, never>>);

  async function listen() {
    retryTimer = undefined;
    if (isClosed) return;
    try {
      await sql.unsafe(`listen ${CHANGES_CHANNEL}`);
      attempt = 0;
      if (isClosed) return;
      isLive = true;
      handlers?.onLive();
    } catch {
      // onclose schedules the next attempt when the connection ended; otherwise do it here.
      if (!retryTimer) scheduleListen();
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
      if (!isLive) return false;
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
        const [row] = await sql<{ listeners: number }[]>`
          select pg_notify(${CHANGES_CHANNEL}, ${`settle:${id}`}),
            (select count(*)::int from pg_stat_activity
              where application_name = ${CHANGE_FEED_APPLICATION_NAME} and datname = current_database()) as listeners`;
        const waiting = settling.get(id);
        if (waiting) {
          waiting.expected = row!.listeners;
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
      lose();
      await sql.end({ timeout: 1 });
    },
  };
}
