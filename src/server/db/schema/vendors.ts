import { sql } from 'drizzle-orm';
import { numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// The list vendors and their per-vendor settings.

export const vendors = pgTable('vendors', {
  vendorId: text('vendor_id').primaryKey(),
  name: text('name').notNull(),
  emails: text('emails')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  defaultUtmSource: text('default_utm_source').notNull(),
  emailProspectingKey: text('email_prospecting_key'),
  textProspectingKey: text('text_prospecting_key'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The per-vendor settings below hang off a vendor and go with it (ON DELETE CASCADE): one row per vendor at most. */
const vendorReference = () =>
  text('vendor_id')
    .primaryKey()
    .references(() => vendors.vendorId, { onDelete: 'cascade' });

/** Revshare split, text 'A/B' with A + B = 100; a vendor without a row uses 50/50. */
export const vendorSplits = pgTable('vendor_splits', {
  vendorId: vendorReference(),
  splitRatio: text('split_ratio').notNull(),
  updatedAt: updatedAt(),
});

/** A user's override of the vendor's default UTM source. */
export const vendorUtmSources = pgTable('vendor_utm_sources', {
  vendorId: vendorReference(),
  utmSource: text('utm_source').notNull(),
  updatedAt: updatedAt(),
});

/** Money in dollars, exact to the cent; read back as JSON numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const vendorCosts = pgTable('vendor_costs', {
  vendorId: vendorReference(),
  costPerDonor: money('cost_per_donor'),
  cpdBudget: money('cpd_budget'),
  costPerAcquisition: money('cost_per_acquisition'),
  cpaBudget: money('cpa_budget'),
  costPerThousand: money('cost_per_thousand'),
  cpmBudget: money('cpm_budget'),
  updatedAt: updatedAt(),
});
