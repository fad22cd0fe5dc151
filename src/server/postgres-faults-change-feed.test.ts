import { describe, expect } from 'vitest';
import { CHANGE_FEED_APPLICATION_NAME, postgresChangeFeed } from './db/change-feed';
import { openDatabase } from './db/client';
import { vendors } from './db/schema';
import { eventually } from './testing/send-fixtures';
import { cluster, FAULT_TIMEOUT_MS, it, outcome, terminateOthers, withOwnPostgres } from './postgres-faults-fixtures';

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'the PostgreSQL driver through restarts and ended sessions',
  () => {
    withOwnPostgres();

    it(
      'the change feed reports the loss when its session is terminated or PostgreSQL restarts, listens again, and settles',
      async () => {
        const database = await openDatabase({ kind: 'postgres', url: cluster.url });
        const feed = postgresChangeFeed(cluster.url);
        const events: string[] = [];
        try {
          feed.start({
            onChange: (table) => events.push(`change ${table}`),
            onLost: () => events.push('lost'),
            onLive: () => events.push('live'),
          });
          const isListening = async () => events.at(-1) === 'live';
          await eventually(isListening, Boolean);
          for (const fault of [
            () => terminateOthers(database.db, CHANGE_FEED_APPLICATION_NAME),
            () => cluster.restart(),
          ]) {
            events.length = 0;
            await fault();
            expect(await eventually(isListening, Boolean, 30_000)).toBe(true);
            expect(events[0]).toBe('lost');
            const insert = () =>
              outcome(
                database.db.insert(vendors).values({
                  vendorId: `v${Date.now()}`,
                  name: 'V',
                  emails: ['v@v.test'],
                  defaultUtmSource: 'v',
                  createdAt: new Date(),
                  updatedAt: new Date(),
                }),
              );
            expect(await eventually(insert, (value) => value === 'answered', 30_000)).toBe('answered');
            expect(await feed.settle()).toBe(true);
            expect(events).toContain('change vendors');
          }
        } finally {
          await feed.close();
          await database.close();
        }
      },
      FAULT_TIMEOUT_MS,
    );
  },
);
