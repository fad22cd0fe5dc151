import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { importsOf, root, sourceFiles } from './module-graph.mjs';

test('no import cycles in src', () => {
  const graph = new Map(sourceFiles(join(root, 'src')).map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(root, f)).join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  expect(cycles).toEqual([]);
});
