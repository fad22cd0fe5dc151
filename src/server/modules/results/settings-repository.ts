import { and, eq, sql } from 'drizzle-orm';
import type { ResultsMapping } from '#shared/contracts/results';
import type { Db } from '#server/db/client';
import { clientResultSettings, priorDonors } from '#server/db/schema';
import { toNumber } from './numbers';

export async function readSettings(db: Db, clientSlug: string) {
  const [row] = await db
    .select({ days: clientResultSettings.attributionWindowDays, mapping: clientResultSettings.mapping })
    .from(clientResultSettings)
    .where(eq(clientResultSettings.clientSlug, clientSlug));
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(priorDonors)
    .where(eq(priorDonors.clientSlug, clientSlug));
  return { attributionWindowDays: row?.days ?? 30, mapping: row?.mapping ?? null, priorDonors: toNumber(count?.n) };
}

export async function saveWindow(tx: Db, clientSlug: string, days: number, at: Date): Promise<number | undefined> {
  const [before] = await tx
    .select({ days: clientResultSettings.attributionWindowDays })
    .from(clientResultSettings)
    .where(eq(clientResultSettings.clientSlug, clientSlug))
    .for('update');
  await tx
    .insert(clientResultSettings)
    .values({ clientSlug, attributionWindowDays: days, updatedAt: at })
    .onConflictDoUpdate({
      target: clientResultSettings.clientSlug,
      set: { attributionWindowDays: days, updatedAt: at },
    });
  return before?.days;
}

export async function saveMapping(tx: Db, clientSlug: string, mapping: ResultsMapping, at: Date): Promise<void> {
  await tx
    .insert(clientResultSettings)
    .values({ clientSlug, mapping, updatedAt: at })
    .onConflictDoUpdate({ target: clientResultSettings.clientSlug, set: { mapping, updatedAt: at } });
}

export async function replacePriorDonors(tx: Db, clientSlug: string, hashes: string[]): Promise<number> {
  await tx.delete(priorDonors).where(eq(priorDonors.clientSlug, clientSlug));
  for (let start = 0; start < hashes.length; start += 10_000) {
    await tx.execute(sql`
      INSERT INTO ${priorDonors} (client_slug, donor_hash)
      SELECT ${clientSlug}, h FROM unnest(${sql.param(hashes.slice(start, start + 10_000))}::bigint[]) AS h
      ON CONFLICT DO NOTHING`);
  }
  const [count] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(priorDonors)
    .where(eq(priorDonors.clientSlug, clientSlug));
  return toNumber(count?.n);
}

export async function deletePriorDonors(tx: Db, clientSlug: string): Promise<void> {
  await tx.delete(priorDonors).where(and(eq(priorDonors.clientSlug, clientSlug)));
}
