import * as z from 'zod/mini';
import { isoDate } from './dates';
import { MAX_ATTRIBUTION_WINDOW_DAYS, MAX_RESULT_CODE_LENGTH, resultsMappingView } from './responses/results';

/** Results (issue 23): what the results operations accept. Money is integer cents everywhere. */

export * from './responses/results';

/** A New York calendar date, YYYY-MM-DD. */
export { isoDate };

const column = z.string().check(z.minLength(1, { error: 'must name a column' }));

/** Which column of the file holds what (header names); ActBlue's files need none. */
export const resultsMapping = z.extend(resultsMappingView, { id: column, date: column, amount: column });
export type ResultsMapping = z.infer<typeof resultsMapping>;

/** The query of every client-scoped results call. */
export const resultsClientQuery = z.object({ client: z.string() });
export type ResultsClientQuery = z.infer<typeof resultsClientQuery>;

/** The query of an import and a preview: `mapping` is the JSON of a ResultsMapping. */
export const resultsImportQuery = z.object({ client: z.string(), mapping: z.optional(z.string()) });
export type ResultsImportQuery = z.infer<typeof resultsImportQuery>;

export const resultsSettingsBody = z.object({
  attributionWindowDays: z
    .number()
    .check(
      z.int({ error: 'must be a whole number of days' }),
      z.minimum(1, { error: 'must be at least 1 day' }),
      z.maximum(MAX_ATTRIBUTION_WINDOW_DAYS, { error: `must be at most ${MAX_ATTRIBUTION_WINDOW_DAYS} days` }),
    ),
});
export type ResultsSettingsBody = z.infer<typeof resultsSettingsBody>;

export const resultCodeBody = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(MAX_RESULT_CODE_LENGTH, { error: `must be at most ${MAX_RESULT_CODE_LENGTH} characters` }),
    ),
});
export type ResultCodeBody = z.infer<typeof resultCodeBody>;

export const resultsSummaryQuery = z.object({
  client: z.string(),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type ResultsSummaryQuery = z.infer<typeof resultsSummaryQuery>;
