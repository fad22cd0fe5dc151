#!/usr/bin/env node
// Part of `npm test`, after the build: fails when the send page's first-load JavaScript grows past its budget.
import { existsSync } from 'node:fs';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs } from './first-load-js.mjs';

const clientDir = process.argv[2] ?? 'dist/client';
if (!existsSync(`${clientDir}/index.html`)) {
  console.error(`No client build in ${clientDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const { files, totalGzip } = firstLoadJs(clientDir);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const file of files.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${file.path}: ${kb(file.raw)}, ${kb(file.gzip)} gzip`);
const isWithin = totalGzip <= FIRST_LOAD_BUDGET_BYTES;
console.log(
  `${isWithin ? 'ok' : 'FAILED'}: send page first-load JavaScript ${kb(totalGzip)} gzip, budget ${kb(FIRST_LOAD_BUDGET_BYTES)}`,
);
process.exit(isWithin ? 0 : 1);
