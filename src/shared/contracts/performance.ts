import * as z from 'zod/mini';
import { isoDate } from './dates';

// Vendor performance (issue 24 items 4 and 5): per vendor, for a client and a period of send dates, the figures the
// agency picks vendors by, each with the sends it comes from. The answers are plain schemas in
// responses/performance.ts; these are the queries the server checks.

export * from './responses/performance';

export const performanceQuery = z.object({
  client: z.string(),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;

export const recentPerformanceQuery = z.object({ client: z.string() });
