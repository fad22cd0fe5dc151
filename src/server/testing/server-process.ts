import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * A real server process, as `npm start` runs it; tsx compiles the sources (dist/ may not be built). `terminal`: its
 * standard output is a pseudo-terminal, as in a person's terminal (util-linux `script`, which then is the child).
 */
export async function startServer(env: Record<string, string>, { terminal = false } = {}) {
  const port = await freePort();
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const command = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(
    terminal ? 'script' : command[0]!,
    terminal ? ['-qefc', `exec ${command.map(quoted).join(' ')}`, '/dev/null'] : command.slice(1),
    {
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), SECRET_KEY: 'x'.repeat(40), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
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
  child.stderr.on('data', (chunk: Buffer) => text.push(`stderr: ${chunk.toString()}`));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    lines,
    exited,
    output: () => text.join('\n'),
    /** The first log line matching `predicate`, waiting at most `timeoutMs` for it. */
    async line(predicate: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && child.exitCode === null) {
        const found = lines.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const found = lines.find(predicate);
      if (!found) throw new Error(`No such log line. Output:\n${text.join('\n')}`);
      return found;
    },
    async exitCode(timeoutMs = 60_000) {
      const timeout = new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), timeoutMs).unref(),
      );
      const code = await Promise.race([exited, timeout]);
      if (code === 'still running') child.kill('SIGKILL');
      return code;
    },
  };
}
