import { setTimeout as sleep } from 'node:timers/promises';
import type { Instance } from './instance';
import type { Journal } from './journal';
import type { Profile } from './profile';
import type { startPostgres } from '#server/testing/restartable-postgres';
import type { startS3 } from './s3';
import type { Smtp } from '#server/testing/switchable-smtp-server';
import type { SendOutcome } from './users';

export interface FaultTargets {
  journal: Journal;
  profile: Profile;
  instances: Instance[];
  postgres: Awaited<ReturnType<typeof startPostgres>>;
  s3: Awaited<ReturnType<typeof startS3>>;
  smtp: Smtp;
  /** Starts a send through the given instance now (the run's ordinary send, by a user at home there). */
  sendThrough(instance: number): Promise<SendOutcome>;
  /** Message-IDs of the deliveries claimed ('sending') right now. */
  claimedNow(): Promise<string[]>;
  /** Called when the killed instance is back, to take its memory baseline after a warm-up. */
  onRestarted(instance: Instance): void;
  log(line: string): void;
}

/** The four faults of issue 13, in its order, with steady load between them. */
export async function runFaults(t: FaultTargets): Promise<{ inFlightAtKill: string[] }> {
  const { journal, profile } = t;

  // 1. An instance killed with SIGKILL while a send it took is being delivered, then started again.
  const victim = t.instances[0]!;
  const send = t.sendThrough(0);
  let inFlightAtKill: string[] = [];
  for (let look = 0; look < 100; look++) {
    await sleep(50);
    inFlightAtKill = await t.claimedNow();
    if (inFlightAtKill.length > 0) break;
  }
  const kill = journal.open('instance killed (SIGKILL) and restarted', victim.name);
  victim.kill();
  // Claimed before the kill and not finished: the set can only shrink by the survivor finishing its own.
  inFlightAtKill = await t.claimedNow();
  t.log(`killed ${victim.name} with ${inFlightAtKill.length} messages claimed`);
  await victim.start(60_000);
  journal.close(kill);
  t.onRestarted(victim);
  t.log(
    `${victim.name} back after ${((kill.endedAt - kill.startedAt) / 1000).toFixed(1)} s; the send at the kill: ${(await send).kind}`,
  );
  await sleep(profile.gapMs);

  // 2. PostgreSQL restarted.
  const restart = journal.open('PostgreSQL restarted (pg_ctl restart -m fast)');
  await t.postgres.restart();
  journal.close(restart);
  t.log(`PostgreSQL restarted in ${((restart.endedAt - restart.startedAt) / 1000).toFixed(1)} s`);
  await sleep(profile.gapMs);

  // 3. The SMTP server refusing connections.
  const refused = journal.open(`SMTP refusing connections for ${profile.smtpRefusedMs / 1000} s`);
  t.smtp.refuse();
  await sleep(profile.smtpRefusedMs);
  await t.smtp.accept();
  journal.close(refused);
  t.log('SMTP accepting again');
  await sleep(profile.gapMs);

  // 4. The S3 server stopped.
  const stopped = journal.open(`S3 server stopped for ${profile.s3StoppedMs / 1000} s`);
  await t.s3.stop();
  await sleep(profile.s3StoppedMs);
  await t.s3.start();
  journal.close(stopped);
  t.log('S3 back');
  await sleep(profile.gapMs);
  return { inFlightAtKill };
}
