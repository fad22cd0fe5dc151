#!/usr/bin/env node
// Compiles the server into one ESM file, dist/server/main.js (and the backup and restore commands, the database
// creation process and the SMTP thread likewise); the packages it uses stay in node_modules, as released (none is
// patched, decision 0019).
// dist/server is two folders below the project, like src/server, so src/server/paths.ts finds drizzle/ and dist/client.
import { build } from 'esbuild';

const result = await build({
  // The server, and the backup and restore commands beside it (each one file; they share no state at run time).
  // pglite-initdb: the short-lived process that creates a new embedded database folder (src/server/db/pglite-data-dir.ts).
  entryPoints: {
    main: 'src/server/main.ts',
    backup: 'src/server/cli/backup.ts',
    restore: 'src/server/cli/restore.ts',
    'pglite-initdb': 'src/server/db/pglite-initdb-main.ts',
    // One SMTP thread of the server (src/server/mail/smtp-threads.ts).
    'smtp-thread': 'src/server/mail/smtp-thread-main.ts',
    // The reading of a results file (src/server/modules/results/read-thread.ts).
    'results-reader': 'src/server/modules/results/read-thread-main.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `dist/server/{main,backup,restore,pglite-initdb,smtp-thread,results-reader}.js built (${Math.round(bytes / 1024)} kB with its source map)`,
);
