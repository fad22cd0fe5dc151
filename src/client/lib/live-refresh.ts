/**
 * How often a screen that follows vendors' reports (the Tracking board, open Deployment Details) asks again. TanStack
 * Query does not poll while the tab is hidden (refetchIntervalInBackground is off); each ask names the ETag of what it
 * holds, so an unchanged answer is a 304 with no body.
 */
export const LIVE_REFRESH_MS = 3000;
