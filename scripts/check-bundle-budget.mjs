#!/usr/bin/env node
// Part of `npm test`, after the build: fails when what the send page fetches before it can be used (entry, module
// preloads and their static imports, gzip -9) grows past its budget of 130 KB (1 KB = 1,000 bytes).
import { existsSync } from 'node:fs';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs, kb } from './first-load-js.mjs';

const clientDir = process.argv[2] ?? 'dist/client';
if (!existsSync(`${clientDir}/index.html`)) {
  console.error(`No client build in ${clientDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const { files, totalGzip } = firstLoadJs(clientDir);
for (const file of files.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${file.path}: ${kb(file.raw)}, ${kb(file.gzip)} gzip`);
const isWithin = totalGzip <= FIRST_LOAD_BUDGET_BYTES;
console.log(
  `${isWithin ? 'ok' : 'FAILED'}: send page first-load JavaScript ${kb(totalGzip)} gzip (${files.length} files), budget ${kb(FIRST_LOAD_BUDGET_BYTES)}`,
);
process.exit(isWithin ? 0 : 1);
