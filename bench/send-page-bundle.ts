import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs } from '../scripts/first-load-js.mjs';

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
        ...sizes.map(
          (size) => `${size.path}: ${(size.raw / 1024).toFixed(1)} KB, ${(size.gzip / 1024).toFixed(1)} KB gzip`,
        ),
        `total: ${(total / 1024).toFixed(1)} KB gzip (budget ${(FIRST_LOAD_BUDGET_BYTES / 1024).toFixed(0)} KB)`,
        `react + react-dom alone: ${(floor / 1024).toFixed(1)} KB gzip; ratio ${(total / floor).toFixed(2)}`,
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
