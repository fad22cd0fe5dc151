import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** When each periodic maintenance task last ran, so one run serves every instance. */
export const maintenanceRuns = pgTable('maintenance_runs', {
  task: text('task').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
