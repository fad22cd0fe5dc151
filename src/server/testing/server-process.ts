import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../scripts/free-port.mjs';
import { removeFolder } from './remove-folder';

export { freePort };

export interface StartOptions {
  /** Extra Node flags for the server process (a benchmark's `--cpu-prof`, say). */
  nodeArgs?: string[];
  /** Standard output is a pseudo-terminal, as in a person's terminal (util-linux `script`, which then is the child). */
  terminal?: boolean;
  /**
   * Wait until it answers /api/health (the default; a process that exits first fails the start). False: return at once,
   * for a start that is meant to fail (read `exitCode()` and `lines`) or that the test watches through its log.
   */
  untilHealthy?: boolean;
  /**
   * A DATA_DIR to start from, copied into the server's own (testing/migrated-data-dir.ts): its database already made
   * and migrated, as on every start but the first.
   */
  dataFrom?: string;
  /** Runs the build (dist/server/main.js, as deployed and as the browser tests' main server) instead of the sources. */
  isCompiled?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** The setup link the server logged at start-up for an ADMIN_EMAILS address without an account. */
  setupUrl(email: string): Promise<string>;
  /** The first JSON line the server logged with this `msg` (LOG_LEVEL permitting), if any. */
  logged(msg: string): Record<string, unknown> | undefined;
  stop(): Promise<void>;
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

/** The `setupUrl` of the last 'setup link' line for the address in a server's JSON log. */
export function setupUrlFromLog(log: string, email: string): string | undefined {
  let found: string | undefined;
  for (const line of log.split('\n')) {
    if (!line.includes('"setup link"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; email?: string; setupUrl?: string };
      if (entry.msg === 'setup link' && entry.email === email) found = entry.setupUrl;
    } catch {
      // not a JSON line
    }
  }
  return found;
}

const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * How long a start may take before startServer gives up: a first start runs initdb and the migrations, which on a busy
 * machine takes minutes. A test's own timeout is shorter and fails it first.
 */
const START_TIMEOUT_MS = 300_000;

/**
 * The real server as its own process, from its sources under tsx as `npm run dev` runs it (dist/ may not be built;
 * `isCompiled`: the build, as `npm start` runs it), on a free loopback port: the one way tests, browser tests and
 * benchmarks start one. Its environment is only what is given here, over these defaults: HOST, PORT, PUBLIC_URL (its
 * loopback address), a SECRET_KEY, LOG_LEVEL warn and a DATA_DIR of its own (removed by stop()). A key given as
 * undefined leaves the server's own default.
 */
export async function startServer(env: Record<string, string | undefined> = {}, options: StartOptions = {}) {
  const { nodeArgs = [], terminal = false, untilHealthy = true, dataFrom, isCompiled = false } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'dispatch-server-'));
  const dataDir = env.DATA_DIR ?? ownDataDir!;
  if (dataFrom) cpSync(dataFrom, dataDir, { recursive: true });
  const fullEnv: Record<string, string> = {};
  const given = {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SECRET_KEY: 'x'.repeat(40),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...env,
  };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) fullEnv[key] = value;

  /** The JSON lines it logged, since the first start (a line that is not JSON is `{ notJson }`). */
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  let child!: ChildProcess;
  let exited!: Promise<number | null>;

  const launch = async () => {
    const entry = isCompiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
    const command = [process.execPath, ...nodeArgs, ...entry];
    const started = spawn(
      terminal ? 'script' : command[0]!,
      terminal ? ['-qefc', `exec ${command.map(quoted).join(' ')}`, '/dev/null'] : command.slice(1),
      { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    exited = new Promise((resolve) => started.on('exit', (code) => resolve(code)));
    let buffered = '';
    started.stdout!.on('data', (chunk: Buffer) => {
      // A terminal ends lines with \r\n.
      buffered += chunk.toString().replaceAll('\r\n', '\n');
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        text.push(line);
        try {
          lines.push(JSON.parse(line));
        } catch {
          lines.push({ notJson: line });
        }
      }
    });
    started.stderr!.on('data', (chunk: Buffer) => text.push(`stderr: ${chunk.toString()}`));
    if (!untilHealthy) return;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`server exited with ${started.exitCode ?? started.signalCode}. Output:\n${text.join('\n')}`);
      }
      const isUp = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (isUp) return;
      await sleep(100);
    }
    started.kill('SIGKILL');
    throw new Error(
      `server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s. Output:\n${text.join('\n')}`,
    );
  };

  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };

  await launch();
  return {
    url,
    port,
    /** Its DATA_DIR (the outbox is there); removed by stop() when it is the server's own. */
    dataDir,
    lines,
    /** The current process (`script` on a terminal); a new one after resume(). */
    get child() {
      return child;
    },
    get pid() {
      return child.pid!;
    },
    /** The current process's exit code (null after a signal). */
    get exited() {
      return exited;
    },
    output: () => text.join('\n'),
    /** The first log line matching `predicate`, waiting at most `timeoutMs` for it while the process runs. */
    async line(predicate: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && child.exitCode === null) {
        const found = lines.find(predicate);
        if (found) return found;
        await sleep(50);
      }
      const found = lines.find(predicate);
      if (!found) throw new Error(`No such log line. Output:\n${text.join('\n')}`);
      return found;
    },
    /** The exit code once it exits; 'still running' (and the process killed) after `timeoutMs`. */
    async exitCode(timeoutMs = 60_000) {
      const timeout = new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), timeoutMs).unref(),
      );
      const code = await Promise.race([exited, timeout]);
      if (code === 'still running') child.kill('SIGKILL');
      return code;
    },
    async setupUrl(email: string) {
      // Logged before the server listens; the pipe may deliver it a moment after the health check answered.
      for (let attempt = 0; attempt < 50; attempt++) {
        const found = setupUrlFromLog(text.join('\n'), email);
        if (found) return found;
        await sleep(100);
      }
      throw new Error(`no setup link for ${email} in the server log`);
    },
    logged(msg: string) {
      return lines.find((line) => line.msg === msg);
    },
    /** Stops the process (SIGTERM), keeping its data: the server is away until `resume()`. */
    halt,
    /** Starts it again on the same port and data, as after a restart. */
    resume: launch,
    /** Stops the process and removes the DATA_DIR it made. */
    async stop() {
      await halt();
      if (ownDataDir) removeFolder(ownDataDir);
    },
  };
}
