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

function withinTimeout(check: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can do its work now: the database answers a query, the file store round-trips a probe
 * object, the mail server (when the transport talks to one it can check: SMTP) takes a connection and EHLO, and the
 * server's own threads start (own-threads.ts): the results reading threads here, the SMTP threads through the mail
 * check, which asks from one. When a thread cannot start, its part is the one failing: the mail server could not be
 * asked, and is left out. Concurrent callers share one run of the checks, so a busy load balancer does not multiply
 * them.
 */
export function createReadinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  const parts: [CheckName, () => Promise<void>][] = [
    ['database', () => pingDatabase(deps.db)],
    ['store', () => probeStore(deps.storage)],
    ['readingThreads', () => checkThreadsStart('readingThreads', deps.log)],
  ];
  const verify = deps.transport.verify?.bind(deps.transport);
  if (verify) parts.push(['mail', verify]);

  let running: Promise<Readiness> | undefined;
  async function run(): Promise<Readiness> {
    const results = await Promise.all(
      parts.map(async ([name, check]) => {
        try {
          await withinTimeout(check());
          return [name, 'ok'] as const;
        } catch (error) {
          const part = error instanceof ThreadStartError ? error.part : name;
          deps.log.warn({ err: error, check: part }, `readiness: the ${part} check failed`);
          return [part, 'failing'] as const;
        }
      }),
    );
    return { isReady: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
  }
  return () => (running ??= run().finally(() => (running = undefined)));
}
