import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL change feed', () => {
  // Each settle sends a request on the feed's one session, and the feed answers every request it hears on the same
  // session: twenty at once put queries on it while others run. (npm run test:pg throws on pg's deprecation of that.)
  it('settles twenty requests made at once on its one session, each answered', async ({ database }) => {
    const feed = database.openChangeFeed();
    let isLive = false;
    feed.start({ onChange() {}, onLost() {}, onLive: () => (isLive = true) });
    try {
      await expect.poll(() => isLive, { message: 'the feed listens', timeout: 10_000, interval: 25 }).toBe(true);
      const settled = await Promise.all(Array.from({ length: 20 }, () => feed.settle()));
      expect(settled).toEqual(Array.from({ length: 20 }, () => true));
    } finally {
      await feed.close();
    }
  });
});
