#!/usr/bin/env node
// The test files whose run differs on a real PostgreSQL server: those that reach, through their imports, a file that
// reads TEST_DATABASE_URL (src/server/testing/test-app.ts and the fixtures on it, the tests of restarts and faults).
// The pg phase runs only these (`npm run test:pg`, decision 0079); a test file that never opens a database would run
// there exactly as it did on PGlite. Derived from the imports at each run, so a new API test is in it without a list to
// keep: `node scripts/database-test-files.mjs` prints them; `--run [vitest args]` runs them with vitest.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveImport, root } from './module-graph.mjs';

const MARK = 'TEST_DATABASE_URL';

/** Every project file `file` names: static, type and dynamic imports, re-exports, and `new URL('…', import.meta.url)`. */
export function referencesOf(file, text = readFileSync(file, 'utf8')) {
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  for (const match of text.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g)) specifiers.push(match[1]);
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter((path) => path !== undefined);
}

/** Whether `file`, or anything it reaches through its references, reads TEST_DATABASE_URL. */
export function touchesTestDatabase(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  const text = readFileSync(file, 'utf8');
  // Assumed false while its own references are followed, so that a circle of imports ends.
  seen.set(file, false);
  const touches = text.includes(MARK) || referencesOf(file, text).some((next) => touchesTestDatabase(next, seen));
  seen.set(file, touches);
  return touches;
}

/** The vitest test files under `dirs` (paths from the root, sorted) that touch the test database. */
export function databaseTestFiles(dirs = ['src', 'scripts']) {
  const seen = new Map();
  return dirs
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true }).map((name) => join(root, dir, name)))
    .filter((path) => /\.test\.tsx?$/.test(path) && touchesTestDatabase(path, seen))
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = databaseTestFiles();
  const [mode, ...vitestArgs] = process.argv.slice(2);
  if (mode !== '--run') {
    console.log(files.join('\n'));
  } else {
    console.log(`${files.length} test files touch the database (scripts/database-test-files.mjs)`);
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs, ...files], { stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
