import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { boundaryProblems, describeModuleGraph, moduleGraph } from './module-graph.mjs';

test('the server modules meet only at their index.ts, and no two of them call each other', () => {
  const graph = moduleGraph();
  console.log(describeModuleGraph(graph));
  expect(graph.edges.size).toBeGreaterThan(0);
  expect(graph.intoRepositories).toEqual([]);
  expect(boundaryProblems(graph)).toEqual([]);
});

describe('on a small tree of modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tree = (name: string, files: Record<string, string>) => {
    const modules = join(dir, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(modules, path)), { recursive: true });
      writeFileSync(join(modules, path), text);
    }
    return modules;
  };
  const surfaces = {
    'accounts/index.ts': "export { who } from './repository';\n",
    'accounts/repository.ts': 'export const who = 1;\n',
    'sends/index.ts': "export { send } from './service';\n",
    'sends/service.ts': "import { who } from '../accounts';\nexport const send = who;\n",
  };

  test('one way through the indexes passes', () => {
    const graph = moduleGraph(tree('fine', surfaces));
    expect(boundaryProblems(graph)).toEqual([]);
    expect(graph.edges.get('sends')).toEqual(new Map([['accounts', 1]]));
  });

  test('fails on a cycle, even through the indexes', () => {
    const modules = tree('cycle', {
      ...surfaces,
      'accounts/repository.ts': "import { send } from '../sends';\nexport const who = send;\n",
    });
    expect(boundaryProblems(moduleGraph(modules))).toEqual(['cycle between modules: accounts, sends']);
  });

  test('fails on an import of another module file other than its index.ts, in a test too', () => {
    const modules = tree('deep', {
      ...surfaces,
      'sends/service.ts': "import { who } from '../accounts/repository';\nexport const send = who;\n",
      'sends/service.test.ts': "import { who } from '../accounts/repository';\n",
    });
    const graph = moduleGraph(modules);
    expect(graph.intoRepositories).toHaveLength(1);
    expect(boundaryProblems(graph)).toEqual([
      expect.stringMatching(/^import past another module's index\.ts: .*deep\/sends\/service\.test\.ts -> /),
      expect.stringMatching(/^import past another module's index\.ts: .*deep\/sends\/service\.ts -> /),
    ]);
  });
});
