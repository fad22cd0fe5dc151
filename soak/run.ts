// `npm run soak` (the full run, several minutes) and `npm run test:soak` (the short run inside `npm test`): two app
// instances on one PostgreSQL, an S3 bucket (s3rver) and an SMTP server, 20 simulated users, and the faults of issue
// 13 in order. Prints the results as a table and exits 1 when an assertion fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runFaults } from './faults';
import { createClient } from './http';
import { createInstance, type Instance } from './instance';
import { Journal } from './journal';
import { cpuSecondsOf, latencies, sampleMemory } from './measure';
import { startPostgres } from '#server/testing/restartable-postgres';
import { PROFILES } from './profile';
import { startS3 } from './s3';
import { ADMIN, PASSWORD, seed } from './setup';
import { createPostgresPool } from '#server/db/client';
import { startSmtp } from '#server/testing/switchable-smtp-server';
import { SimulatedUser, type SendOutcome } from './users';
import { verify, type DeliveryFact } from './verify';

const profile = PROFILES[process.argv.includes('--short') ? 'short' : 'full'];
const runStartedAt = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - runStartedAt) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const logDir = mkdtempSync(join(tmpdir(), 'dispatch-soak-logs-'));
const mb = (bytes: number) => bytes / 1024 / 1024;
const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, sleep(ms).then(() => fallback)]);

const loadAtStart = loadavg();
const postgres = await startPostgres();
const s3 = await startS3();
const smtp = await startSmtp(profile.smtpDelayMs);
// The run's own look at the queue, through a pool like the app's: it rides out the restart as the app does.
const pool = createPostgresPool(postgres.url, 2);
const rowsOf = async <T extends object>(text: string) => (await pool.query<T>(text)).rows;
const env = {
  DATABASE_URL: postgres.url,
  SECRET_KEY: 'soak-secret-key-'.padEnd(48, 'k'),
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: smtp.url,
  ADMIN_EMAILS: ADMIN,
  ...s3.env,
};
const instances: Instance[] = [];
let exitCode = 1;
let isCleanedUp = false;
async function cleanUp() {
  if (isCleanedUp) return;
  isCleanedUp = true;
  for (const instance of instances) await instance.stop();
  await pool.end();
  await smtp.accept().catch(() => {});
  await smtp.close();
  await s3.close();
  postgres.stop();
  if (exitCode === 0 && profile.name === 'short' && !process.argv.includes('--keep-logs'))
    rmSync(logDir, { recursive: true, force: true });
}
// Interrupted or crashed: the servers this run started stop with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
process.once('uncaughtException', (error) => {
  console.error(error);
  void cleanUp().finally(() => process.exit(1));
});
try {
  log(`${profile.name} run; logs in ${logDir}; load average ${loadAtStart.map((value) => value.toFixed(2)).join(' ')}`);
  instances.push(await createInstance('instance-a', env, logDir));
  await instances[0]!.start(600_000); // builds first when dist/ is stale
  await seed(instances[0]!, profile.users);
  instances.push(await createInstance('instance-b', env, logDir));
  await instances[1]!.start(60_000);
  log(`two instances up (${instances.map((instance) => instance.url).join(', ')}), ${profile.users} users registered`);

  const journal = new Journal();
  const request = createClient(journal, instances, profile.clientTimeoutMs);
  const users = Array.from({ length: profile.users }, (_, index) => new SimulatedUser(index, request));
  await Promise.all(users.map((user) => user.start()));
  const loops = users.flatMap((user) => [user.type(), user.autosave(), user.browse()]);

  const sends: SendOutcome[] = [];
  const sending: Promise<void>[] = [];
  let sendCount = 0;
  const send = (user: SimulatedUser) => {
    const tag = `soak-${String(sendCount++).padStart(4, '0')}`;
    const outcome = user.send(tag);
    sending.push(outcome.then((result) => void sends.push(result)));
    return outcome;
  };
  let isLoading = true;
  const sendLoop = (async () => {
    while (isLoading) {
      void send(users[sendCount % users.length]!);
      await sleep(profile.sendIntervalMs);
    }
  })();

  const loadStartedAt = Date.now();
  const memorySamples = sampleMemory(instances);
  const baselines = new Map<Instance, { rss: number; cpu: number; at: number }>();
  // Medians over half the warm-up (30 s in the full run), at its end and at the end of the load: a major collection
  // lowers RSS for several seconds, which a 10 s window could take for the instance's size.
  const memoryWindowMs = profile.warmUpMs / 2;
  const takeBaseline = (instance: Instance) =>
    baselines.set(instance, {
      rss: memorySamples.recentMedian(instance, memoryWindowMs),
      cpu: cpuSecondsOf(instance.pid),
      at: Date.now(),
    });
  await sleep(profile.warmUpMs);
  for (const instance of instances) takeBaseline(instance);
  log(
    `warmed up: RSS ${instances.map((instance) => `${instance.name} ${mb(baselines.get(instance)!.rss).toFixed(0)} MB`).join(', ')}`,
  );

  const restartBaselines: Promise<void>[] = [];
  const { inFlightAtKill } = await runFaults({
    journal,
    profile,
    instances,
    postgres,
    s3,
    smtp,
    sendThrough: (instance) => send(users.find((user) => user.index % instances.length === instance)!),
    claimedNow: async () =>
      (await rowsOf<{ message_id: string }>("select message_id from email_deliveries where status = 'sending'")).map(
        (row) => row.message_id,
      ),
    // The same warm-up as the first start: a process 30 s old is still growing to its working size (the trajectory shows it).
    onRestarted: (instance) => restartBaselines.push(sleep(profile.warmUpMs).then(() => void takeBaseline(instance))),
    log,
  });
  await Promise.all(restartBaselines);

  // Memory at the end of the load, under the same load as after the warm-up.
  const rssAtEnd = new Map(
    instances.map((instance) => [instance, memorySamples.recentMedian(instance, memoryWindowMs)]),
  );
  const rssTrajectories = instances.map((instance) => ({
    name: instance.name,
    values: memorySamples.trajectory(instance),
  }));
  memorySamples.stop();
  isLoading = false;
  await sendLoop;
  for (const user of users) user.stop();
  await withTimeout(Promise.all(loops), 30_000, []);
  const loadEndedAt = Date.now();
  const cpuAtEnd = new Map(instances.map((instance) => [instance, cpuSecondsOf(instance.pid)]));
  // The last keys typed are saved (retried until acknowledged), as the page does when it is left.
  await withTimeout(Promise.all(users.map((user) => user.autosave(true))), 30_000, []);
  await withTimeout(Promise.all(sending), 60_000, []);
  log(`load stopped: ${sends.length} sends, ${journal.requests.length} requests`);

  // The queue settles: retries after the outages, stale claims of the killed instance.
  const killed = new Set(inFlightAtKill);
  const drainDeadline = Date.now() + profile.drainTimeoutMs;
  for (;;) {
    const open = await rowsOf<{ status: string; message_id: string }>(
      "select status, message_id from email_deliveries where status in ('pending', 'sending')",
    );
    const waiting = open.filter(
      (row) => row.status === 'pending' || profile.expectStaleClaimsResolved || !killed.has(row.message_id),
    );
    if (waiting.length === 0 || Date.now() > drainDeadline) {
      log(
        `queue ${waiting.length === 0 ? 'settled' : `not settled: ${waiting.length} deliveries still pending or claimed`}`,
      );
      break;
    }
    await sleep(1000);
  }

  // The sends' own messages (one per vendor), which the checks match against the mail received; not follow-ups.
  const deliveries: DeliveryFact[] = (
    await rowsOf<{
      log_id: number;
      subjects: string[];
      vendor_id: string;
      status: string;
      message_id: string;
      last_error: string | null;
    }>(
      "select d.log_id, l.subjects, d.vendor_id, d.status, d.message_id, d.last_error from email_deliveries d join email_logs l on l.id = d.log_id where d.kind = 'send'",
    )
  ).map((row) => ({
    sendId: row.log_id,
    subjects: row.subjects,
    vendorId: row.vendor_id,
    status: row.status,
    messageId: row.message_id,
    lastError: row.last_error,
  }));
  // An instance that died by itself is reported below; the reading is done through one still up.
  const live = instances.find((instance) => instance.isRunning) ?? instances[0]!;
  const adminLogin = await fetch(`${live.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  const { token } = (await adminLogin.json()) as { token: string };
  const logEntries = (await (
    await fetch(`${live.url}/api/email-logs?limit=500`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number }[];
  const drafts = await Promise.all(
    users.map(async (user) => ({
      user: user.index,
      typed: user.text,
      acknowledged: user.acknowledged,
      server: await user.serverText(),
    })),
  );
  const memory = instances.map((instance) => ({
    instance: instance.name,
    baselineMb: mb(baselines.get(instance)!.rss),
    endMb: mb(rssAtEnd.get(instance)!),
  }));

  const checks = verify({
    profile,
    journal,
    sends,
    deliveries,
    loggedIds: new Set(logEntries.map((entry) => entry.id)),
    received: smtp.accepted,
    firstAcceptedAt: smtp.firstAcceptedAt,
    inFlightAtKill: killed,
    drafts,
    memory,
    unexpectedExits: instances.flatMap((instance) => instance.unexpectedExits),
    startedAt: runStartedAt,
  });

  const loadMinutes = (loadEndedAt - loadStartedAt) / 60_000;
  const accepted = sends.filter((entry) => entry.kind === 'accepted').length;
  console.log(
    `\n## Soak run (${profile.name}): ${profile.users} users, two instances, ${loadMinutes.toFixed(1)} min of load\n`,
  );
  console.log('| check | result | |\n|---|---|---|');
  for (const { what, result, ok } of checks)
    console.log(`| ${what} | ${result.replaceAll('|', '/')} | ${ok ? 'ok' : '**FAILED**'} |`);
  console.log(`\n| load | |\n|---|---|`);
  console.log(
    `| sends accepted | ${accepted} (${(accepted / loadMinutes).toFixed(1)} a minute), ${sends.length - accepted} refused or unanswered |`,
  );
  console.log(
    `| vendor messages accepted by the SMTP server | ${[...smtp.accepted.values()].reduce((sum, times) => sum + times, 0)} |`,
  );
  for (const { name, values } of rssTrajectories)
    console.log(`| RSS (MB), median of each 30 s: ${name} | ${values.join(' ')} |`);
  console.log(
    `| requests | ${journal.requests.length} (${(journal.requests.length / loadMinutes / 60).toFixed(1)} a second) |`,
  );
  for (const instance of instances) {
    const baseline = baselines.get(instance)!;
    const cpu = (cpuAtEnd.get(instance)! - baseline.cpu) / ((loadEndedAt - baseline.at) / 1000);
    console.log(
      `| ${instance.name} CPU from its warm-up to the end of the load | ${(cpu * 100).toFixed(0)} % of one core |`,
    );
  }
  console.log(
    `| load average (1, 5, 15 min) at the start / at the end | ${loadAtStart.map((value) => value.toFixed(2)).join(' ')} / ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} |`,
  );
  console.log(`\n| route (steady load, 200s) | count | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
  for (const row of latencies(journal, profile))
    console.log(`| ${row.route} | ${row.count} | ${row.p50} | ${row.p95} | ${row.max} |`);
  const failed = checks.filter((entry) => !entry.ok);
  console.log(failed.length ? `\n${failed.length} checks FAILED; logs in ${logDir}` : '\nall checks passed');
  exitCode = failed.length ? 1 : 0;
} catch (error) {
  console.error(error);
  console.error(`logs in ${logDir}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
