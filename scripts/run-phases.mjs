#!/usr/bin/env node
// `npm test`: the phases of the whole test run, in order, each as its own npm script (so each can be run alone). Each
// phase's runner prints as it always does (its own closing line included); after it comes `phase NAME: N s`. The first
// phase that fails stops the run with that phase's exit code; at the end, every phase's time again on one line, then
// `phases: N passed, N failed`. Two pairs run side by side, each one's output shown whole once it ends: typecheck and
// lint (each mostly uses one core, and the machine has two), and built and soak (each mostly waits on the servers it
// started: the soak's run is timed, and its load leaves two thirds of the machine idle).
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

/** Phases started together when the first of a group comes; the others wait for their turn. */
const TOGETHER = [
  ['typecheck', 'lint'],
  ['built', 'soak'],
];

/**
 * `npm run SCRIPT`: its exit code and how long it took, its output going straight to this process's, or (`isKept`)
 * kept to be shown when it ends; `stop()` ends it.
 */
function start(script, isKept) {
  const began = performance.now();
  const child = spawn('npm', ['run', script], { stdio: isKept ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (isKept) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(127));
    // 'close': after its output has all been read, too.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  }).then((code) => ({ code, took: performance.now() - began, output: Buffer.concat(output) }));
  return { ended, stop: () => child.kill() };
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const started = performance.now();
const times = [];
const running = new Map();
for (const [name, script] of phases) {
  const group = TOGETHER.find((names) => names.includes(name)) ?? [];
  const together = phases.filter(([phase]) => group.includes(phase));
  if (!running.has(name) && together.length > 1)
    for (const [phase, phaseScript] of together) running.set(phase, start(phaseScript, true));
  const { ended } = running.get(name) ?? start(script, false);
  const { code, took, output } = await ended;
  process.stdout.write(output);
  times.push(`${name} ${seconds(took)}`);
  console.log(`phase ${name}: ${seconds(took)}${code === 0 ? '' : ` (failed, exit code ${code})`}`);
  if (code !== 0) {
    for (const other of running.values()) other.stop();
    console.log(`phase times: ${times.join(', ')}; stopped at ${name} after ${seconds(performance.now() - started)}`);
    console.log(`phases: ${times.length - 1} passed, 1 failed`);
    process.exit(code);
  }
}
console.log(`phase times: ${times.join(', ')}; ${seconds(performance.now() - started)} in all`);
console.log(`phases: ${times.length} passed, 0 failed`);
