import { startServer } from '#server/testing/server-process';

/**
 * A server of the spec's own, with its own DATA_DIR: the build (as the run's main server), starting from the run's
 * migrated data folder (made by playwright.config.ts), so that it is up in seconds.
 */
export function startOwnServer(env: Record<string, string | undefined>) {
  return startServer(env, { isCompiled: true, dataFrom: process.env.E2E_MIGRATED_DATA_DIR });
}
