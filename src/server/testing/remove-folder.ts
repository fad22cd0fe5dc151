import { rmSync } from 'node:fs';

/**
 * Removes a test's folder whole, retried while something still writes into it: a write the closing app was still
 * finishing once landed during the removal (ENOTEMPTY, in a fresh clone's unit phase).
 */
export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
