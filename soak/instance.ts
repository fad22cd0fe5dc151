import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, setupUrlFromLog } from '#server/testing/server-process';

/** Resident set size of a process in bytes (Linux /proc), 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * One app instance as production runs it (`node scripts/start.mjs`: the compiled server, built first when stale), on
 * a fixed port, with its own DATA_DIR; killed and started again on the same port. Its log goes to `logFile`.
 */
export async function createInstance(name: string, env: Record<string, string>, logDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `dispatch-soak-${name}-`));
  const logFile = join(logDir, `${name}.log`);
  const logStream = createWriteStream(logFile, { flags: 'a' });
  let child: ChildProcess | undefined;
  let log = '';
  /** Exits nobody asked for (not kill() or stop()), with the last fatal log line. */
  const unexpectedExits: string[] = [];
  /** Processes this run ended on purpose (kill or stop). */
  const ended = new WeakSet<ChildProcess>();

  async function start(timeoutMs: number) {
    log = '';
    const started = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (log.length < 1_000_000) log += chunk;
      logStream.write(chunk);
    });
    started.stderr!.on('data', (chunk: Buffer) => logStream.write(chunk));
    started.once('exit', (code, signal) => {
      if (ended.has(started)) return;
      const fatal = log
        .split('\n')
        .filter((line) => line.includes('"level":60'))
        .pop();
      unexpectedExits.push(
        `${name} exited (${signal ?? code}) at ${new Date().toISOString()}${fatal ? `: ${fatal.slice(0, 400)}` : ''}`,
      );
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`${name} exited with ${started.exitCode}; log: ${logFile}`);
      const isUp = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (isUp) return;
      await sleep(200);
    }
    throw new Error(`${name} did not start within ${timeoutMs / 1000} s; log: ${logFile}`);
  }

  return {
    name,
    url,
    logFile,
    start,
    get pid() {
      return child?.pid ?? 0;
    },
    get isRunning() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    rss: () => (child?.pid ? rssOf(child.pid) : 0),
    async setupUrl(email: string) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const found = setupUrlFromLog(log, email);
        if (found) return found;
        await sleep(100);
      }
      throw new Error(`no setup link for ${email} in ${logFile}`);
    },
    unexpectedExits,
    kill() {
      if (!child) return;
      ended.add(child);
      child.kill('SIGKILL');
    },
    async stop() {
      const running = child;
      if (running) ended.add(running);
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await Promise.race([exited, sleep(40_000).then(() => running.kill('SIGKILL'))]);
      }
      await new Promise((resolve) => logStream.end(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Instance = Awaited<ReturnType<typeof createInstance>>;
