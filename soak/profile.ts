/** How long each part of a run lasts. `full` is `npm run soak`; `short` runs inside `npm test`. */
export interface Profile {
  name: 'full' | 'short';
  users: number;
  /** Load before the first fault; the memory baseline is taken at its end. */
  warmUpMs: number;
  /** Steady load between two faults and after the last one. */
  gapMs: number;
  smtpRefusedMs: number;
  s3StoppedMs: number;
  /** One consolidated send (to the ten vendors) this often, by the users in turn. */
  sendIntervalMs: number;
  /** The simulated browser gives up on a request after this long. */
  clientTimeoutMs: number;
  /** After a fault ends, errors are still the fault's for this long ('recovers within seconds'). */
  recoveryMs: number;
  /** At the end: how long the queue may take to settle (retries after the outages back off for 30 s and more). */
  drainTimeoutMs: number;
  /** The SMTP server's answer time per message, so that a kill finds messages in flight. */
  smtpDelayMs: number;
  /**
   * Whether claims held by the killed instance must have turned 'uncertain' by the end. The short run ends before a
   * dead instance's claim can go stale; its messages in flight may still be 'sending' then (never sent twice).
   */
  expectStaleClaimsResolved: boolean;
  /** Whether memory is asserted: the short run is too short for a warm-up to mean anything (it is printed). */
  assertMemory: boolean;
}

export const PROFILES: Record<Profile['name'], Profile> = {
  full: {
    name: 'full',
    users: 20,
    warmUpMs: 120_000,
    gapMs: 40_000,
    smtpRefusedMs: 60_000,
    s3StoppedMs: 30_000,
    sendIntervalMs: 3000,
    clientTimeoutMs: 15_000,
    recoveryMs: 10_000,
    drainTimeoutMs: 240_000,
    smtpDelayMs: 150,
    expectStaleClaimsResolved: true,
    assertMemory: true,
  },
  short: {
    name: 'short',
    users: 20,
    warmUpMs: 6000,
    gapMs: 5000,
    smtpRefusedMs: 6000,
    s3StoppedMs: 6000,
    sendIntervalMs: 2500,
    clientTimeoutMs: 15_000,
    recoveryMs: 10_000,
    drainTimeoutMs: 60_000,
    smtpDelayMs: 150,
    expectStaleClaimsResolved: false,
    assertMemory: false,
  },
};
