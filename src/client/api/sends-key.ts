/** The log's lists: the send page refreshes them after a send; the filters are further parts of the key. */
export const SENDS_QUERY_KEY = ['/api/email-logs'] as const;
