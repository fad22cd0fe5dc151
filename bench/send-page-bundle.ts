import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs, kb } from '../scripts/first-load-js.mjs';

/**
 * The JavaScript the send page (/) loads before it can draw (scripts/first-load-js.mjs), gzipped,
 * against React and React DOM alone (the floor any React page pays) from the same build.
 */
export async function benchSendPageBundle() {
  const outDir = mkdtempSync(join(tmpdir(), 'dispatch-bundle-'));
  try {
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { stdio: 'inherit' },
    );
    const { files: sizes, totalGzip: total } = firstLoadJs(outDir);
    const floor = reactFloorGzip();
    return {
      name: 'JavaScript the send page loads first (gzip)',
      lines: [
        ...sizes.map((size) => `${size.path}: ${kb(size.raw)}, ${kb(size.gzip)} gzip`),
        `total: ${kb(total)} gzip (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}; 1 KB = 1,000 bytes)`,
        `react + react-dom alone: ${kb(floor)} gzip; ratio ${(total / floor).toFixed(2)}`,
      ],
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function reactFloorGzip(): number {
  const files = [
    'node_modules/react/cjs/react.production.js',
    'node_modules/react-dom/cjs/react-dom-client.production.js',
    'node_modules/react-dom/cjs/react-dom.production.js',
  ];
  return files.reduce((sum, file) => {
    try {
      return sum + gzipSync(readFileSync(file), { level: 9 }).length;
    } catch {
      return sum;
    }
  }, 0);
}
