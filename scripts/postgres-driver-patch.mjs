// postgres.js 3.4.9 (the newest release) can take the whole process down when a connection closes with a write
// still scheduled: nextWrite() runs on a null socket from a timer, an exception no caller can catch (upstream
// porsager/postgres#1154, #1208; fixes proposed in #1168, #1209, none released). A PostgreSQL restart under load
// triggers it. The build compiles the driver into the server with this guard, which settles the write's queries with
// CONNECTION_CLOSED (as the close itself does) and clears what the closed connection had buffered, so a reconnect
// starts clean. The replacements must all match: a new driver version fails the build until this is looked at again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const REPLACEMENTS = [
  {
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    replace:
      '  function nextWrite(fn) {\n' +
      '    if (!socket) {\n' +
      '      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
    count: 1,
  },
  // terminate() and closed() cancel the scheduled write but left the timer and the buffered bytes set, so the next
  // connection on this slot never flushed (its start-up message appended to the old bytes and never scheduled).
  { find: '    clearImmediate(nextWriteTimer)\n', replace: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n', count: 2 },
  // A query cut by the server's shutdown (57P01 'terminating connection due to administrator command', then the close)
  // left that error set on the connection: the next connection on this slot, at its first ReadyForQuery, failed the
  // query that opened it with the old error, however long after (a 503 half a minute after a PostgreSQL restart).
  {
    find: '  async function closed(hadError) {\n    incoming = Buffer.alloc(0)\n',
    replace: '  async function closed(hadError) {\n    errorResponse = null\n    incoming = Buffer.alloc(0)\n',
    count: 1,
  },
];

/** The driver's connection module (ESM build) with the guard applied; throws when the source is not the one expected. */
export function patchPostgresConnection(source) {
  let patched = source;
  for (const { find, replace, count } of REPLACEMENTS) {
    const found = patched.split(find).length - 1;
    if (found !== count) throw new Error(`postgres driver patch: expected ${count} of ${JSON.stringify(find)}, found ${found}`);
    patched = patched.split(find).join(replace);
  }
  return patched;
}

const require = createRequire(import.meta.url);
// The package's CommonJS entry, cjs/src/index.js: two folders below the package.
const driverFolder = join(dirname(require.resolve('postgres')), '..', '..');

/** esbuild plugin: bundles the driver (instead of leaving it in node_modules) with its connection module patched. */
export const patchedPostgresPlugin = {
  name: 'patched-postgres',
  setup(build) {
    build.onResolve({ filter: /^postgres$/ }, () => ({ path: join(driverFolder, 'src', 'index.js') }));
    build.onLoad({ filter: /[\\/]postgres[\\/]src[\\/]connection\.js$/ }, (args) => ({
      contents: patchPostgresConnection(readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
