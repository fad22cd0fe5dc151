import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadJs } from './first-load-js.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-bundle-budget.mjs');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A tiny client build: index.html and the chunks under assets/, as Vite writes them. */
function fixtureBuild(html: string, chunks: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-budget-'));
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  for (const [name, code] of Object.entries(chunks)) writeFileSync(join(dir, 'assets', name), code);
  return dir;
}

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/entry.js"></script>
<link rel="modulepreload" crossorigin href="/assets/preloaded.js">
<link rel="prefetch" href="/assets/prefetched.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body><div id="root"></div></body></html>`;

const CHUNKS = {
  'entry.js': 'import{a as x}from"./framework.js";import"./side-effect.js";const l=()=>import("./lazy.js");x(l);',
  'framework.js': 'export*from"./shared.js";export const a=(f)=>f;',
  'shared.js': 'export const s=1;',
  'side-effect.js': 'globalThis.ready=true;',
  'preloaded.js': 'import{s}from"./shared.js";export const p=s;',
  'prefetched.js': 'export const later=1;',
  'lazy.js': 'import{s}from"./lazy-only.js";export default s;',
  'lazy-only.js': 'export const s=2;',
};

const budget = (dir: string) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });

describe('the first-load budget (scripts/check-bundle-budget.mjs)', () => {
  it('counts the entry, each module preload and their static imports, transitively, once each; not what loads later', () => {
    const dir = fixtureBuild(INDEX, CHUNKS);
    const { files, totalGzip } = firstLoadJs(dir);
    const counted = ['entry.js', 'framework.js', 'shared.js', 'side-effect.js', 'preloaded.js'];
    expect(files.map((file) => file.path).sort()).toEqual(counted.map((name) => `/assets/${name}`).sort());
    const gzipOf = (name: string) => gzipSync(CHUNKS[name as keyof typeof CHUNKS], { level: 9 }).length;
    expect(totalGzip).toBe(counted.reduce((sum, name) => sum + gzipOf(name), 0));
  });

  it('passes a build within 130 KB of 1,000 bytes and fails one above it, naming the total', () => {
    expect(FIRST_LOAD_BUDGET_BYTES).toBe(130_000);
    const small = budget(fixtureBuild(INDEX, CHUNKS));
    expect(small.status).toBe(0);
    expect(small.stdout).toMatch(/^ok: .* gzip \(5 files\), budget 130\.0 KB$/m);

    // Random bytes in base64 gzip to about the bytes they encode: 131,000 of them, imported statically by the entry's
    // and the preload's imports, put the page over.
    const heavy = `export const blob=${JSON.stringify(randomBytes(131_000).toString('base64'))};`;
    const over = budget(fixtureBuild(INDEX, { ...CHUNKS, 'shared.js': heavy }));
    expect(over.status).toBe(1);
    const total = Number(/FAILED: send page first-load JavaScript ([\d.]+) KB gzip/.exec(over.stdout)?.[1]);
    expect(total).toBeGreaterThan(130);
    expect(total).toBeLessThan(135);
  });

  it('refuses a folder with no build', () => {
    const result = budget(resolve(tmpdir(), 'dispatch-no-such-build'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('run `npm run build` first');
  });
});
