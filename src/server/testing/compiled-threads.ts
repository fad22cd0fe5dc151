import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { overrideThreadEntry, THREAD_PARTS, type ThreadPart } from '../own-threads';
import { projectRoot } from '../paths';
import { removeFolder } from './remove-folder';

/**
 * The server's threads compiled once per test run, as `npm run build` compiles them, instead of each thread loading
 * its TypeScript under tsx: the unit and pg phases start about 650 threads (an app's two SMTP threads when it first
 * sends, a results import's reading threads), and a thread's start took 0.33 s of CPU from the sources against 0.13 s
 * compiled (decision 0084). A change to a thread's source is in the next run (a watching Vitest keeps the first).
 */
export async function compileThreads(): Promise<{ files: Record<ThreadPart, string>; remove(): void }> {
  // Inside node_modules, so that the packages the compiled files import resolve as they do from dist/server.
  const cache = join(projectRoot, 'node_modules', '.cache', 'dispatch-tests');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'threads-'));
  const parts = Object.entries(THREAD_PARTS) as [ThreadPart, (typeof THREAD_PARTS)[ThreadPart]][];
  await buildServer(
    dir,
    parts.map(([, { compiledName }]) => compiledName),
    { sourcemap: false },
  );
  const files = Object.fromEntries(parts.map(([part, { compiledName }]) => [part, join(dir, `${compiledName}.js`)]));
  return { files: files as Record<ThreadPart, string>, remove: () => removeFolder(dir) };
}

/** `part`'s threads (every part's, without one) start from the run's compiled copy (global-setup.ts made it). */
export function useCompiledThreads(part?: ThreadPart) {
  const files = inject('compiledThreads');
  for (const [each, file] of Object.entries(files) as [ThreadPart, string][])
    if (part === undefined || part === each) overrideThreadEntry(each, { file, execArgv: [] });
}
