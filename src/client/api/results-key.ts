/**
 * Every cached answer about results starts with this key: an import, a new result code or a new attribution window
 * changes the figures, the lists and the previews at once, so one invalidation refreshes them all.
 */
export const RESULTS_QUERY_KEY = ['results'] as const;
