import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ownEntry, projectRoot } from '../paths';

/** Creating a new embedded database folder failed; `message` says why, in the creating process's words. */
export class DataDirCreationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirCreationError';
  }
}

export interface CreatedDataDir {
  /** The creating process's peak resident memory (it is gone once the folder exists). */
  peakRssBytes: number;
  durationMs: number;
}

/** The child's command line: its entry point as this build runs it, then the folder. */
function initdbCommand(dataDir: string): string[] {
  const entry = ownEntry('pglite-initdb', 'src/server/db/pglite-initdb-main.ts');
  return [...entry.execArgv, entry.file, dataDir];
}

/**
 * Makes sure `dataDir` holds a PGlite database, creating it in a short-lived process of its own when it does not:
 * initdb's memory (~800 MB, which WebAssembly never returns) then ends with that process instead of staying with the
 * server for its whole life. Returns what the creation took, or undefined when the folder already held a database.
 */
export async function ensurePgliteDataDir(dataDir: string): Promise<CreatedDataDir | undefined> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const started = performance.now();
  const child = spawn(process.execPath, initdbCommand(dataDir), {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  }).catch((error: unknown) => {
    throw new DataDirCreationError(
      `Could not start the process that creates the embedded database in ${dataDir}: ${(error as Error).message}`,
    );
  });
  if (code !== 0 || !existsSync(join(dataDir, 'PG_VERSION'))) {
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
    const reason = stderr.trim().split('\n').slice(-5).join(' ').trim();
    throw new DataDirCreationError(
      `Creating the embedded database in ${dataDir} failed: the process ${how}${reason ? `: ${reason}` : ''}`,
    );
  }
  const report = /\{.*\}/.exec(stdout)?.[0];
  const peakRssBytes = report ? Number((JSON.parse(report) as { peakRssBytes?: number }).peakRssBytes ?? 0) : 0;
  return { peakRssBytes, durationMs: performance.now() - started };
}
