import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailTransport } from '../../mail/transport';
import { checkThreadsStart, ThreadStartError } from '../../own-threads';
import { newFileKey, type FileStorage } from '../../storage/storage';
import { pingDatabase } from './repository';

export interface ReadinessDeps {
  db: Db;
  storage: FileStorage;
  transport: MailTransport;
  log: FastifyBaseLogger;
}

export type CheckName = 'database' | 'store' | 'mail' | 'mailThreads' | 'readingThreads';

export interface Readiness {
  isReady: boolean;
  /** Each part checked: 'ok' or 'failing'. The reason goes to the log only: this answer is public. */
  checks: Partial<Record<CheckName, 'ok' | 'failing'>>;
}

/** Longer than a healthy answer ever takes; a part that needs more is not ready. */
const CHECK_TIMEOUT_MS = 5_000;
/** A thread's first start, compiled by tsx when run from source, can take longer on a busy machine (once a process). */
const THREAD_CHECK_TIMEOUT_MS = 30_000;

const PROBE = Buffer.from('dispatch readiness probe');

/** A write, a read and a delete of a probe object under a fresh key: the store both takes and gives back bytes. */
async function probeStore(storage: FileStorage): Promise<void> {
  const key = newFileKey();
  try {
    await storage.put(key, PROBE, 'application/octet-stream');
    const read = await storage.get(key);
    if (!read?.equals(PROBE)) throw new Error('the probe object read back differs from what was written');
  } finally {
    await storage.delete(key);
  }
}

function withinTimeout(check: Promise<void>, timeoutMs = CHECK_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can do its work now: the database answers a query, the file store round-trips a probe
 * object, the mail server (when the transport talks to one it can check: SMTP) takes a connection and EHLO, and the
 * server's own threads start (own-threads.ts): the results reading threads after the other checks (within 30 s: a
 * first start under tsx on a busy machine is slow), the SMTP threads through the mail check, which asks from one. When a thread cannot start, its part is the one failing: the mail server could not be
 * asked, and is left out. Concurrent callers share one run of the checks, so a busy load balancer does not multiply
 * them.
 */
export function createReadinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  const parts: [CheckName, () => Promise<void>][] = [
    ['database', () => pingDatabase(deps.db)],
    ['store', () => probeStore(deps.storage)],
  ];
  const verify = deps.transport.verify?.bind(deps.transport);
  if (verify) parts.push(['mail', verify]);

  /** One part's check: 'ok', or 'failing' under the part that failed (a thread that cannot start names its own). */
  const checked = async (name: CheckName, check: Promise<void>) => {
    try {
      await check;
      return [name, 'ok'] as const;
    } catch (error) {
      const part = error instanceof ThreadStartError ? error.part : name;
      deps.log.warn({ err: error, check: part }, `readiness: the ${part} check failed`);
      return [part, 'failing'] as const;
    }
  };

  let running: Promise<Readiness> | undefined;
  async function run(): Promise<Readiness> {
    const results = await Promise.all(parts.map(([name, check]) => checked(name, withinTimeout(check()))));
    // After the others, so that its first start (the only one that takes time) does not slow theirs.
    const threads = 'readingThreads';
    results.push(await checked(threads, withinTimeout(checkThreadsStart(threads, deps.log), THREAD_CHECK_TIMEOUT_MS)));
    return { isReady: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
  }
  return () => (running ??= run().finally(() => (running = undefined)));
}
