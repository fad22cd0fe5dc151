#!/usr/bin/env node
// `npm test`: the phases of the whole test run, in order, each as its own npm script (so each can be run alone). Each
// phase's runner prints as it always does (its own closing line included); after it comes `phase NAME: N s`. The first
// phase that fails stops the run with that phase's exit code; at the end, every phase's time again on one line, then
// `phases: N passed, N failed`.
// `node scripts/run-phases.mjs unit pg` runs only the phases named, in this order.
import { spawn } from 'node:child_process';
import { refuseUnsupportedNode } from './supported-node.mjs';

refuseUnsupportedNode();

/** Phase name, and the npm script it runs. */
export const PHASES = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['pg', 'test:pg'],
  ['build', 'build'],
  ['budget', 'test:budget'],
  ['built', 'test:built'],
  ['soak', 'test:soak'],
  ['e2e', 'test:e2e'],
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !PHASES.some(([phase]) => phase === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(', ')}: the phases are ${PHASES.map(([phase]) => phase).join(', ')}.`);
  process.exit(2);
}
const phases = asked.length > 0 ? PHASES.filter(([phase]) => asked.includes(phase)) : PHASES;

/** The exit code of `npm run SCRIPT`, its output going straight to this process's. */
const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const started = performance.now();
const times = [];
for (const [name, script] of phases) {
  const phaseStarted = performance.now();
  const code = await run(script);
  const took = performance.now() - phaseStarted;
  times.push(`${name} ${seconds(took)}`);
  console.log(`phase ${name}: ${seconds(took)}${code === 0 ? '' : ` (failed, exit code ${code})`}`);
  if (code !== 0) {
    console.log(`phase times: ${times.join(', ')}; stopped at ${name} after ${seconds(performance.now() - started)}`);
    console.log(`phases: ${times.length - 1} passed, 1 failed`);
    process.exit(code);
  }
}
console.log(`phase times: ${times.join(', ')}; ${seconds(performance.now() - started)} in all`);
console.log(`phases: ${times.length} passed, 0 failed`);
