#!/usr/bin/env node
// The import graph between the server's modules (src/server/modules/*): which module imports which, how often, how
// many of those imports go straight into another module's repository, and the cycles. `node scripts/module-graph.mjs`
// prints it; scripts/module-graph.test.ts reports it (issue 35 item 1 will make it fail on a cycle).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const aliases = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#client/': 'src/client/' };
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

const isTest = (path) => /\.test\.tsx?$/.test(path);

/** The .ts and .tsx files under `dir`, tests left out unless asked for. */
export function sourceFiles(dir, { withTests = false } = {}) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, { withTests });
    return /\.(ts|tsx)$/.test(name) && (withTests || !isTest(name)) ? [path] : [];
  });
}

/** The source file an import names (an alias, a relative path; './x.js' names './x.ts'), or undefined for a package. */
export function resolveImport(from, specifier) {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? join(root, aliases[alias], specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  return candidates
    .flatMap((candidate) => extensions.map((extension) => candidate + extension))
    .find((path) => existsSync(path) && statSync(path).isFile());
}

/** The project files `file` imports or re-exports (type imports count too: a circle of types still ties two together). */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]);
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter((path) => path !== undefined);
}

export const modulesDir = join(root, 'src', 'server', 'modules');

/** The strongly connected groups of more than one module (Tarjan): each is a cycle, or several tied together. */
function cyclesOf(edges) {
  let index = 0;
  const indexes = new Map();
  const lows = new Map();
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    indexes.set(node, index);
    lows.set(node, index++);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        lows.set(node, Math.min(lows.get(node), lows.get(next)));
      } else if (stack.includes(next)) lows.set(node, Math.min(lows.get(node), indexes.get(next)));
    }
    if (lows.get(node) === indexes.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indexes.has(node)) visit(node);
  return cycles;
}

/**
 * Module -> module -> number of imports (product code); the imports into another module's repository; the imports
 * (tests too) of another module's file other than its index.ts; the cycles. `dir` is the modules' folder (a fixture's
 * in the tests).
 */
export function moduleGraph(dir = modulesDir) {
  const inModule = (file) => relative(dir, file).split(sep);
  /** The module a file belongs to ('sends' for <dir>/sends/x.ts), else undefined. */
  const moduleOf = (file) => {
    const path = inModule(file);
    return path[0] === '..' || path.length < 2 ? undefined : path[0];
  };
  const isRepository = (file) => /(^|[-/])repository\.ts$/.test(inModule(file).join('/'));
  const isIndex = (file) => inModule(file).slice(1).join('/') === 'index.ts';
  const shown = (file) => relative(root, file).split(sep).join('/');
  const edges = new Map();
  const intoRepositories = [];
  const pastIndexes = [];
  for (const file of sourceFiles(dir, { withTests: true })) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      if (!isIndex(target)) pastIndexes.push(`${shown(file)} -> ${shown(target)}`);
      if (isTest(file)) continue;
      edges.get(from).set(to, (edges.get(from).get(to) ?? 0) + 1);
      if (isRepository(target)) intoRepositories.push(`${shown(file)} -> ${shown(target)}`);
    }
  }
  const imports = [...edges.values()].reduce(
    (sum, targets) => sum + [...targets.values()].reduce((a, b) => a + b, 0),
    0,
  );
  return { edges, imports, intoRepositories, pastIndexes, cycles: cyclesOf(edges) };
}

/** What breaks the modules' boundaries: each cycle, each import past another module's index.ts. None is allowed. */
export function boundaryProblems({ cycles, pastIndexes }) {
  return [
    ...cycles.map((group) => `cycle between modules: ${group.join(', ')}`),
    ...pastIndexes.map((edge) => `import past another module's index.ts: ${edge}`),
  ];
}

/** The graph as lines of text: `module -> other (n), ...`, then the totals and the cycles. */
export function describeModuleGraph({ edges, imports, intoRepositories, pastIndexes, cycles }) {
  const lines = [...edges.keys()].sort().map((module) => {
    const targets = [...edges.get(module)].sort(([a], [b]) => a.localeCompare(b));
    return `${module} -> ${targets.map(([to, count]) => `${to} (${count})`).join(', ') || '(none)'}`;
  });
  lines.push(
    `${imports} imports from one module into another; ${intoRepositories.length} of them into another module's repository`,
    `${pastIndexes.length} import(s), tests included, of another module's file other than its index.ts`,
    `${cycles.length} cycle(s)${cycles.map((group) => `\n  ${group.join(', ')}`).join('')}`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph();
  console.log(describeModuleGraph(graph));
  if (process.argv.includes('--repositories')) console.log(graph.intoRepositories.join('\n'));
  const problems = boundaryProblems(graph);
  if (problems.length > 0) {
    console.log(problems.join('\n'));
    process.exitCode = 1;
  }
}
