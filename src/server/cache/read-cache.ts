import type { ChangeFeed } from '#server/db/change-feed';

/**
 * The tables whose writes the change triggers announce (migration 0011; the figures of vendor performance, 0020): only
 * reads of these may be cached.
 */
export type WatchedTable =
  | 'authorized_emails'
  | 'users'
  | 'sessions'
  | 'vendors'
  | 'vendor_splits'
  | 'vendor_utm_sources'
  | 'vendor_costs'
  | 'approval_emails'
  | 'contributions'
  | 'deployment_tracking'
  | 'quantity_acceptances'
  | 'vendor_quantity_limits';

/**
 * Reads kept in this process until a write to a table they came from commits, on any instance. While the change feed
 * is down nothing is kept and every read goes to the database: a cached answer is never older than the last commit
 * the feed delivered.
 */
export interface ReadCache {
  /**
   * The value under `key`, loaded by `load` when not kept; an undefined value is never kept. Reads of a key that is
   * being loaded share that load while no change to its tables has arrived since it started.
   */
  read<T>(key: string, tables: readonly WatchedTable[], load: () => Promise<T>): Promise<T>;
  /** Resolves once every change committed before the call has reached this cache (after this instance's writes). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** No cache at all: every read goes to the database (apps built without a change feed). */
export const uncached: ReadCache = {
  read: (_key, _tables, load) => load(),
  settle: async () => {},
  close: async () => {},
};

interface Entry {
  value: unknown;
  tables: readonly WatchedTable[];
}

interface Loading {
  /** The versions of its tables when it started: a read that finds others does not share it. */
  version: string;
  value: Promise<unknown>;
}

/** Past this many entries the oldest is dropped, so a flood of distinct keys (tokens) cannot grow memory. */
const MAX_ENTRIES = 10_000;

export function createReadCache(feed: ChangeFeed): ReadCache {
  const entries = new Map<string, Entry>();
  // Loads under way: the requests that miss together (every open connection, after a write) wait for one query, where
  // on the embedded database each would take its turn on its one connection.
  const loading = new Map<string, Loading>();
  const keysOf = new Map<WatchedTable, Set<string>>();
  // Bumped by every change to the table: a load that saw a change start while it ran is not kept.
  const versions = new Map<string, number>();
  let epoch = 0;
  let isLive = false;

  const versionOf = (tables: readonly WatchedTable[]) =>
    `${epoch}:${tables.map((table) => versions.get(table) ?? 0).join(',')}`;

  const dropAll = () => {
    epoch++;
    entries.clear();
    keysOf.clear();
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const table of entry.tables) keysOf.get(table)?.delete(key);
  };

  feed.start({
    onChange(table) {
      versions.set(table, (versions.get(table) ?? 0) + 1);
      const keys = keysOf.get(table as WatchedTable);
      if (!keys) return;
      for (const key of [...keys]) remove(key);
    },
    onLost() {
      isLive = false;
      dropAll();
    },
    onLive() {
      // Whatever changed while the feed was down was not delivered.
      dropAll();
      isLive = true;
    },
  });

  return {
    async read<T>(key: string, tables: readonly WatchedTable[], load: () => Promise<T>): Promise<T> {
      if (!isLive) return load();
      const kept = entries.get(key);
      if (kept) return kept.value as T;
      const before = versionOf(tables);
      const shared = loading.get(key);
      if (shared?.version === before) return shared.value as Promise<T>;
      const own: Loading = { version: before, value: load() };
      loading.set(key, own);
      try {
        const value = (await own.value) as T;
        if (value !== undefined && isLive && versionOf(tables) === before) {
          if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
          entries.set(key, { value, tables });
          for (const table of tables) {
            let keys = keysOf.get(table);
            if (!keys) keysOf.set(table, (keys = new Set()));
            keys.add(key);
          }
        }
        return value;
      } finally {
        if (loading.get(key) === own) loading.delete(key);
      }
    },
    async settle() {
      if (!(await feed.settle())) dropAll();
    },
    close: () => feed.close(),
  };
}
