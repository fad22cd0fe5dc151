// The JavaScript the send page (/) loads before it can draw: the scripts and module preloads of the built index.html
// and every chunk they import statically, each gzipped at level 9 as a server would send it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The send page's first-load JavaScript budget, gzip (issue 12). */
export const FIRST_LOAD_BUDGET_BYTES = 130 * 1024;

/** @param {string} clientDir the client build (dist/client) */
export function firstLoadJs(clientDir) {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1],
  );
  const seen = new Set();
  const files = [];
  while (pending.length > 0) {
    const path = pending.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const bytes = readFileSync(join(clientDir, path));
    files.push({ path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    // Static imports between chunks (`from"./x.js"`, `import"./x.js"`); dynamic `import("./x.js")` loads later.
    for (const match of bytes.toString('utf8').matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
      pending.push(`/assets/${match[1]}`);
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
