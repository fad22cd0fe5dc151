import { attributeRow } from '#shared/results/attribution';
import type { Db } from '#server/db/client';
import { attributionContext } from './attribution-context';
import * as attributionRepo from './attribution-repository';

/** Stored rows read and decided at once: few enough to keep the server's memory flat on a client of a million. */
const BATCH_ROWS = 5_000;

/**
 * Attributes a client's stored rows again (every client's when null) with the rule the import uses (attributeRow),
 * writing only the rows whose answer changed; the number of those. With `codes`, only the rows that carry one of
 * them: a result code added, removed or changed can move no other row.
 */
export async function reattribute(tx: Db, clientSlug: string | null, codes?: readonly string[]): Promise<number> {
  const clients = clientSlug ? [clientSlug] : await attributionRepo.clientsWithRows(tx, codes);
  let changed = 0;
  for (const client of clients) {
    const context = await attributionContext(tx, client);
    for (let after = ''; ;) {
      const rows = await attributionRepo.readAttributed(tx, client, after, BATCH_ROWS, codes);
      const moved = [];
      for (const row of rows) {
        const decision = attributeRow(row, context);
        if (
          decision.vendorId !== row.vendorId ||
          decision.sendId !== row.sendId ||
          decision.attribution !== row.attribution ||
          decision.code !== row.matchedCode
        ) {
          moved.push({ sourceId: row.sourceId, ...decision });
        }
      }
      if (moved.length > 0) await attributionRepo.writeAttributions(tx, client, moved);
      changed += moved.length;
      if (rows.length < BATCH_ROWS) break;
      after = rows[rows.length - 1]!.sourceId;
    }
  }
  return changed;
}
