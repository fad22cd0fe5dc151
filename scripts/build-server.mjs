#!/usr/bin/env node
// Compiles the server into one ESM file, dist/server/main.js; the packages it uses stay in node_modules.
// dist/server is two folders below the project, like src/server, so src/server/paths.ts finds drizzle/ and dist/client.
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`dist/server/main.js built (${Math.round(bytes / 1024)} kB with its source map)`);
