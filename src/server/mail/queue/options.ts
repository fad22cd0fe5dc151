import type { Clock } from '#server/clock';

export interface DeliveryOptions {
  /** Times attempts and back-off; the app's clock unless a test passes its own. */
  clock?: Clock;
  /** How the worker waits when idle; tests may pass a faster one. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Messages being sent at once (handed to the transport, not yet answered); their outcomes are recorded besides. */
  concurrency?: number;
  /**
   * Messages claimed ahead of the free slots (default: as many as the concurrency), their leases renewed by the
   * heartbeat, so a slot that frees takes the next message at once, and the queue is claimed in batches instead of one
   * message per statement. Closing the app puts those not yet handed to the transport back in the queue; so does the
   * lapse of their lease when the process dies.
   */
  claimAhead?: number;
  /** Attempts before a delivery counts as failed. */
  maxAttempts?: number;
  /** Back-off: baseDelayMs * 2^(attempt-1), capped at maxDelayMs, with up to 20% jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a claim holds without being renewed: the heartbeat renews it while the message waits or is being sent,
   * so a claim outlives it only when its instance died; then, within this time (plus one poll interval), it turns
   * 'uncertain' if its message was handed to the transport, and goes back to the queue if it was not.
   */
  leaseMs?: number;
  /** How often the claims held are renewed (one statement for all); well under leaseMs. */
  heartbeatMs?: number;
  /** How often the queue is looked at when nothing told the worker to look (other instances, restarts). */
  pollIntervalMs?: number;
  /** How long a send waits for the first attempt of each of its messages before answering. */
  firstAttemptWaitMs?: number;
  /** How long closing the app waits for messages in flight. */
  stopTimeoutMs?: number;
  /** While messages wait because the mail server or the file store was away, how often it is asked whether it is back. */
  probeIntervalMs?: number;
  /** false: the worker does not run in this process (it still counts and re-queues). */
  autoStart?: boolean;
}

export type WorkerOptions = Required<Omit<DeliveryOptions, 'clock' | 'sleep'>>;

/** The options with their defaults. */
export function withDefaults(input: DeliveryOptions): WorkerOptions {
  const leaseMs = input.leaseMs ?? 60_000;
  return {
    // As many as the SMTP pool keeps connections open.
    concurrency: input.concurrency ?? 5,
    claimAhead: input.claimAhead ?? input.concurrency ?? 5,
    maxAttempts: input.maxAttempts ?? 6,
    baseDelayMs: input.baseDelayMs ?? 30_000,
    maxDelayMs: input.maxDelayMs ?? 30 * 60_000,
    leaseMs,
    heartbeatMs: input.heartbeatMs ?? Math.floor(leaseMs / 4),
    pollIntervalMs: input.pollIntervalMs ?? 5_000,
    firstAttemptWaitMs: input.firstAttemptWaitMs ?? 5_000,
    stopTimeoutMs: input.stopTimeoutMs ?? 15_000,
    probeIntervalMs: input.probeIntervalMs ?? 5_000,
    autoStart: input.autoStart ?? true,
  };
}

export const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
