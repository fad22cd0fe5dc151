#!/usr/bin/env node
// Compiles the server into one ESM file, dist/server/main.js (and the backup and restore commands, the database
// creation process and the SMTP thread likewise); the packages it uses stay in node_modules, as released (none is
// patched, decision 0019).
// dist/server is two folders below the project, like src/server, so src/server/paths.ts finds drizzle/ and dist/client.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Each compiled file of the server, and its source. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  // The backup and restore commands beside it (each one file; they share no state at run time).
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
  // The short-lived process that creates a new embedded database folder (src/server/db/pglite-data-dir.ts).
  'pglite-initdb': 'src/server/db/pglite-initdb-main.ts',
  // One SMTP thread of the server (src/server/mail/smtp-threads.ts).
  'smtp-thread': 'src/server/mail/smtp-thread-main.ts',
  // The reading of a results file (src/server/modules/results/read-thread.ts).
  'results-reader': 'src/server/modules/results/read-thread-main.ts',
};

/**
 * Compiles `names` of SERVER_ENTRIES into `outdir` as the build does (the tests compile the server's threads this way
 * too: src/server/testing/compiled-threads.ts). Resolves to the bytes written.
 */
export async function buildServer(outdir, names = Object.keys(SERVER_ENTRIES), { sourcemap = true } = {}) {
  const result = await build({
    entryPoints: Object.fromEntries(names.map((name) => [name, SERVER_ENTRIES[name]])),
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
    metafile: true,
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildServer('dist/server');
  console.log(
    `dist/server/{${Object.keys(SERVER_ENTRIES).join(',')}}.js built (${Math.round(bytes / 1024)} kB with its source map)`,
  );
}
