// What a browser fetches before the send page (/) can be used: the built index.html's entry scripts and module
// preloads, and every chunk they import statically (transitively), each gzipped at level 9 as a server would send it.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The send page's first-load JavaScript budget, gzip at level 9 (issues 12 and 36): 130 KB of 1,000 bytes. */
export const FIRST_LOAD_BUDGET_BYTES = 130_000;

/** Bytes as KB of 1,000 bytes, one decimal: the unit of the budget. */
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const attribute = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];

/** The scripts index.html loads at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function startingScripts(html) {
  const paths = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) paths.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (href && rel === 'modulepreload') paths.push(href);
  }
  return paths;
}

/**
 * The chunks a chunk imports statically: `import"./x.js"`, `import{a}from"./x.js"`, `export*from"./x.js"`. A dynamic
 * `import("./x.js")` loads later and is not followed.
 */
function staticImports(code) {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((match) => match[1]);
}

/** @param {string} clientDir the client build (dist/client) */
export function firstLoadJs(clientDir) {
  const pending = startingScripts(readFileSync(join(clientDir, 'index.html'), 'utf8')).map((path) =>
    posix.resolve('/', path),
  );
  const seen = new Set();
  const files = [];
  while (pending.length > 0) {
    const path = pending.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const bytes = readFileSync(join(clientDir, path));
    files.push({ path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    for (const imported of staticImports(bytes.toString('utf8')))
      pending.push(posix.resolve(posix.dirname(path), imported));
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
