#!/usr/bin/env node
// `npm start`: builds first only when dist/ is missing or older than what it is built from, then runs the compiled
// server in this same process (signals and the exit code are its own). Build output goes to stderr: stdout carries
// only the server's log (JSON lines; on a terminal, the address and the setup links as plain lines).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { refuseUnsupportedNode } from './supported-node.mjs';

refuseUnsupportedNode();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/start.mjs backup FILE` (npm run backup) runs that compiled command instead of the server.
const command = ['backup', 'restore'].includes(process.argv[2]) ? process.argv.splice(2, 1)[0] : 'main';
const outputs = [`dist/server/${command}.js`, 'dist/client/index.html'].map((path) => join(root, path));
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/build-server.mjs'];

/** The newest modification time under `path`, tests and test helpers left out (they are not part of the build). */
function newestTime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  if (path.endsWith(join('server', 'testing'))) return 0;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestTime(join(path, name))), stat.mtimeMs);
}

const isBuilt = outputs.every((path) => existsSync(path));
const builtAt = isBuilt ? Math.min(...outputs.map((path) => statSync(path).mtimeMs)) : 0;
const changedAt = Math.max(...sources.map((path) => newestTime(join(root, path))));
if (!isBuilt || changedAt > builtAt) {
  console.error(isBuilt ? 'Sources changed since the last build: building...' : 'No build yet: building...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(outputs[0]).href);
