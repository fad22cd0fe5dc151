import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** The setup link the server logged at start-up for an ADMIN_EMAILS address without an account. */
  setupUrl(email: string): Promise<string>;
  /** The first JSON line the server logged with this `msg` (LOG_LEVEL permitting), if any. */
  logged(msg: string): Record<string, unknown> | undefined;
  stop(): Promise<void>;
}

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

/**
 * Starts the real server (embedded database in a temporary folder) as its own process on a loopback port.
 * `nodeArgs`: extra Node flags for the server process (a benchmark's `--cpu-prof`, say).
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<
  RunningServer & {
    /** Its DATA_DIR (the outbox is there), removed by stop(). */
    dataDir: string;
    /** Stops the process (SIGTERM), keeping its data: the server is away until `resume()`. */
    halt(): Promise<void>;
    /** Starts it again on the same port and data, as after a restart. */
    resume(): Promise<void>;
  }
> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-server-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
    });
    for (let attempt = 0; attempt < 600; attempt++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
      if (attempt === 599) throw new Error('server did not start within 60 s');
    }
  };
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    url,
    dataDir,
    get pid() {
      return child.pid!;
    },
    async setupUrl(email) {
      // Logged before the server listens; the pipe may deliver it a moment after the health check answered.
      for (let attempt = 0; attempt < 50; attempt++) {
        const found = setupUrlFromLog(log, email);
        if (found) return found;
        await sleep(100);
      }
      throw new Error(`no setup link for ${email} in the server log`);
    },
    halt,
    resume: launch,
    logged(msg) {
      for (const line of log.split('\n')) {
        if (!line.includes(msg)) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry.msg === msg) return entry;
        } catch {
          // not a JSON line
        }
      }
      return undefined;
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
