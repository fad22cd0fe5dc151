// The short-lived process that creates a new embedded database folder (PGlite's initdb), run by pglite-data-dir.ts.
// initdb takes PGlite to ~800 MB of memory that WebAssembly never gives back; in its own process, that memory ends
// with it, and the server opens the finished folder at a fraction of that.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PRIVATE_DIR_MODE, PRIVATE_UMASK } from '../data-dir';
import { PrivateNodeFS } from './private-node-fs';

const target = process.argv[2];
if (!target) {
  process.stderr.write('Usage: pglite-initdb-main FOLDER\n');
  process.exit(2);
}

/** The target holds files but no database: someone's, left as it is. */
const holdsFiles = () => existsSync(target) && readdirSync(target).length > 0;
const refusal = () =>
  new Error(`${target} already holds files but no database (no PG_VERSION): move them away, then start again.`);

process.umask(PRIVATE_UMASK);
try {
  if (!existsSync(join(target, 'PG_VERSION'))) {
    // Said before initdb's seconds, and again before the move (the folder may have been written to meanwhile).
    if (holdsFiles()) throw refusal();
    // Made beside the target and moved into place whole: an interrupted run never leaves half a database under the name.
    const parent = dirname(target);
    mkdirSync(parent, { recursive: true, mode: PRIVATE_DIR_MODE });
    const scratch = join(parent, `.${basename(target)}-creating-${process.pid}`);
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { mode: PRIVATE_DIR_MODE });
    const client = await PGlite.create({ fs: new PrivateNodeFS(scratch) });
    await client.close();
    if (holdsFiles()) {
      rmSync(scratch, { recursive: true, force: true });
      throw refusal();
    }
    if (existsSync(target)) rmdirSync(target);
    renameSync(scratch, target);
  }
  // The parent reports how much memory creating the folder took.
  process.stdout.write(`${JSON.stringify({ peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
  process.exit(0);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
