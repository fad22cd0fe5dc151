import { sql } from 'drizzle-orm';
import { copyIn, type CopyIn } from '#server/db/copy-rows';
import { CODE_SEPARATOR, STAGING_COLUMNS } from './staged-row';
import type { Db } from '#server/db/client';

/**
 * The import's staging table (this session's, dropped with the transaction) and the COPY that fills it with the lines
 * the reading thread writes (stagedLine).
 */
export async function openStaging(tx: Db): Promise<CopyIn> {
  await tx.execute(sql`
    CREATE TEMP TABLE results_staging (
      line integer NOT NULL,
      source_id text COLLATE "C" NOT NULL,
      contributed_at timestamptz NOT NULL,
      amount_cents bigint NOT NULL,
      recurrence_number integer,
      donor_hash bigint,
      codes text NOT NULL,
      campaign text,
      refunded_cents bigint NOT NULL,
      refunded_at timestamptz,
      kind text NOT NULL,
      reverses_id text COLLATE "C",
      vendor_id text,
      send_id integer,
      attribution text NOT NULL,
      matched_code text
    ) ON COMMIT DROP`);
  return copyIn(tx, 'results_staging', STAGING_COLUMNS);
}

/** The staged codes as stored: a text array. */
export const STAGED_CODES = sql`CASE WHEN codes = '' THEN '{}'::text[] ELSE string_to_array(codes, ${CODE_SEPARATOR}) END AS codes`;
