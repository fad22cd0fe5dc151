import type { FaultWindow, Journal, RequestRecord } from './journal';
import type { Profile } from './profile';
import type { SendOutcome } from './users';

export interface DeliveryFact {
  sendId: number;
  subjects: string[];
  vendorId: string;
  status: string;
  messageId: string;
  lastError: string | null;
}

export interface Evidence {
  profile: Profile;
  journal: Journal;
  sends: SendOutcome[];
  /** Every delivery in the database at the end. */
  deliveries: DeliveryFact[];
  /** The send ids the Deployment Log (GET /api/email-logs) lists. */
  loggedIds: Set<number>;
  /** Message-ID -> times the SMTP server accepted it. */
  received: Map<string, number>;
  /** Message-ID -> when the SMTP server first accepted it. */
  firstAcceptedAt: Map<string, number>;
  inFlightAtKill: Set<string>;
  drafts: { user: number; typed: string; acknowledged: string; server: string | null }[];
  memory: { instance: string; baselineMb: number; endMb: number }[];
  unexpectedExits: string[];
  /** For times in the table: seconds since this moment. */
  startedAt: number;
}

export interface Check {
  what: string;
  result: string;
  ok: boolean;
}

const overlaps = (record: RequestRecord, window: FaultWindow, graceMs: number) =>
  record.startedAt <= window.endedAt + graceMs && record.endedAt >= window.startedAt;

const isCleanUnavailable = (record: RequestRecord) => record.outcome === 503 && !!record.retryAfter && !!record.message;

/** The assertions of issue 13 item 4, each as a row of the final table. */
export function verify(evidence: Evidence): Check[] {
  const { journal, profile } = evidence;
  const checks: Check[] = [];
  const at = (time: number) => ((time - evidence.startedAt) / 1000).toFixed(1);
  const check = (what: string, result: string, ok: boolean) => checks.push({ what, result, ok });

  // Deliveries: exactly once, except those in flight at the kill ('uncertain', or still claimed in the short run).
  const accepted = evidence.sends.filter((send) => send.kind === 'accepted');
  const acceptedIds = new Set(accepted.map((send) => send.id!));
  const byLog = new Map<number, DeliveryFact[]>();
  for (const delivery of evidence.deliveries)
    byLog.set(delivery.sendId, [...(byLog.get(delivery.sendId) ?? []), delivery]);
  const expected = [...acceptedIds].flatMap((id) => byLog.get(id) ?? []);
  const missingRows = [...acceptedIds].filter((id) => (byLog.get(id)?.length ?? 0) !== 10);
  let once = 0;
  const wrong: string[] = [];
  let uncertainAtKill = 0;
  let uncertainArrived = 0;
  let stillClaimedAtKill = 0;
  for (const delivery of expected) {
    const times = evidence.received.get(delivery.messageId) ?? 0;
    if (evidence.inFlightAtKill.has(delivery.messageId)) {
      if (times > 1)
        wrong.push(`${delivery.sendId}/${delivery.vendorId} in flight at the kill received ${times} times`);
      else if (delivery.status === 'uncertain') {
        uncertainAtKill++;
        uncertainArrived += times;
      } else if (delivery.status === 'sent' && times === 1) once++;
      else if (delivery.status === 'sending' && !profile.expectStaleClaimsResolved) stillClaimedAtKill++;
      else
        wrong.push(
          `${delivery.sendId}/${delivery.vendorId} in flight at the kill: ${delivery.status}, received ${times}`,
        );
    } else if (delivery.status === 'sent' && times === 1) once++;
    else
      wrong.push(
        `${delivery.sendId}/${delivery.vendorId}: ${delivery.status} (${delivery.lastError ?? ''}), received ${times}`,
      );
  }
  const known = new Set(evidence.deliveries.map((delivery) => delivery.messageId));
  const strangers = [...evidence.received.keys()].filter((id) => !known.has(id));
  const doubled = [...evidence.received.values()].filter((times) => times > 1).length;
  check(
    'every vendor message of every accepted send delivered exactly once',
    `${accepted.length} sends accepted, ${expected.length} messages: ${once} delivered once, ${uncertainAtKill} 'uncertain' (in flight at the kill)` +
      (stillClaimedAtKill ? `, ${stillClaimedAtKill} still claimed by the killed instance` : '') +
      `, ${wrong.length} otherwise; ${doubled} received twice, ${strangers.length} unknown at the SMTP server` +
      (missingRows.length ? `; sends without 10 deliveries: ${missingRows.join(', ')}` : '') +
      (wrong.length ? `; e.g. ${wrong.slice(0, 5).join('; ')}` : ''),
    wrong.length === 0 && doubled === 0 && strangers.length === 0 && missingRows.length === 0 && accepted.length > 0,
  );
  check(
    'messages in flight at the kill',
    `${evidence.inFlightAtKill.size} claimed at the kill (by either instance), ${uncertainAtKill} ended 'uncertain' (${uncertainArrived} of those had in fact reached the SMTP server, once)`,
    evidence.inFlightAtKill.size > 0,
  );

  const notLogged = [...acceptedIds].filter((id) => !evidence.loggedIds.has(id));
  check(
    'no accepted send missing from the Deployment Log',
    `${notLogged.length} missing of ${acceptedIds.size}${notLogged.length ? ` (${notLogged.join(', ')})` : ''}`,
    notLogged.length === 0,
  );

  const refused = evidence.sends.filter((send) => send.kind === 'refused');
  const refusedDelivered = refused.filter((send) =>
    evidence.deliveries.some(
      (delivery) =>
        delivery.subjects.includes(send.tag) &&
        (delivery.status === 'sent' || (evidence.received.get(delivery.messageId) ?? 0) > 0),
    ),
  );
  const unanswered = evidence.sends.filter((send) => send.kind === 'unanswered');
  check(
    'no send that answered an error shows up as delivered',
    `${refused.length} answered an error (${[...new Set(refused.map((send) => `${send.status} ${send.message ?? ''}`.trim()))].join(' | ') || 'none'}), ${refusedDelivered.length} of them delivered; ${unanswered.length} never answered`,
    refusedDelivered.length === 0 && unanswered.length === 0,
  );
  for (const send of refusedDelivered) {
    check(
      `${send.tag}: answered ${send.status} at +${at(send.endedAt)} s yet delivered`,
      `'${send.message ?? ''}'`,
      false,
    );
  }
  check(
    'no instance exited by itself',
    evidence.unexpectedExits.join('; ') || 'none',
    evidence.unexpectedExits.length === 0,
  );

  const lost = evidence.drafts.filter((draft) => draft.server !== draft.typed || draft.acknowledged !== draft.typed);
  const characters = evidence.drafts.reduce((sum, draft) => sum + draft.typed.length, 0);
  check(
    "every user's last typed text is on the server",
    `${evidence.drafts.length - lost.length} of ${evidence.drafts.length} cards hold the last text typed (${characters} characters typed in all)`,
    lost.length === 0 && evidence.drafts.length === profile.users,
  );
  for (const draft of lost) {
    const tail = (text: string | null) =>
      text === null ? 'nothing' : `${text.length} characters ending '${text.slice(-12)}'`;
    check(
      `user ${draft.user}'s card`,
      `typed ${tail(draft.typed)}; acknowledged ${tail(draft.acknowledged)}; on the server ${tail(draft.server)}`,
      false,
    );
  }

  // Answers: no 5xx outside the fault windows; inside, clean 503s; never a hang.
  const requests = journal.requests;
  const inFault = (record: RequestRecord) =>
    journal.faults.find((window) => overlaps(record, window, profile.recoveryMs));
  const hangs = requests.filter((record) => record.outcome === 'timeout');
  const outside5xx = requests.filter(
    (record) => typeof record.outcome === 'number' && record.outcome >= 500 && !inFault(record),
  );
  const inside5xx = requests.filter(
    (record) => typeof record.outcome === 'number' && record.outcome >= 500 && inFault(record),
  );
  const unclean = inside5xx.filter((record) => !isCleanUnavailable(record));
  const badConnections = requests.filter(
    (record) => record.outcome === 'connection' && inFault(record)?.instance !== record.instance,
  );
  const unexpected4xx = requests.filter(
    (record) => typeof record.outcome === 'number' && record.outcome >= 400 && record.outcome < 500,
  );
  const sample = (records: RequestRecord[]) =>
    records
      .slice(0, 3)
      .map(
        (record) =>
          `+${at(record.startedAt)} s ${record.instance} ${record.route} -> ${record.outcome}${record.message ? ` '${record.message}'` : ''}`,
      )
      .join('; ');
  check(
    'no 5xx outside the fault windows',
    `${outside5xx.length} of ${requests.length} requests${outside5xx.length ? `: ${sample(outside5xx)}` : ''}`,
    outside5xx.length === 0,
  );
  check(
    '5xx during faults are 503 with Retry-After and a message',
    `${inside5xx.length} 5xx during faults, ${unclean.length} not clean${unclean.length ? `: ${sample(unclean)}` : ''}`,
    unclean.length === 0,
  );
  check(
    `no request without an answer within ${profile.clientTimeoutMs / 1000} s`,
    `${hangs.length} timed out${hangs.length ? `: ${sample(hangs)}` : ''}`,
    hangs.length === 0,
  );
  check(
    'connections refused only by the killed instance while it was down',
    `${badConnections.length} others${badConnections.length ? `: ${sample(badConnections)}` : ''}`,
    badConnections.length === 0,
  );
  check(
    'no 4xx answers (the simulated users make no mistakes)',
    `${unexpected4xx.length}${unexpected4xx.length ? `: ${sample(unexpected4xx)}` : ''}`,
    unexpected4xx.length === 0,
  );

  for (const [index, window] of journal.faults.entries()) {
    // A failure belongs to the last fault that began before it.
    const nextStartedAt = journal.faults[index + 1]?.startedAt ?? Number.POSITIVE_INFINITY;
    const failures = requests.filter(
      (record) =>
        overlaps(record, window, profile.recoveryMs) &&
        record.startedAt < nextStartedAt &&
        !(typeof record.outcome === 'number' && record.outcome < 400),
    );
    const lastFailure = Math.max(window.endedAt, ...failures.map((record) => record.endedAt));
    const firstSend = evidence.sends.find((send) => send.kind === 'accepted' && send.startedAt >= window.endedAt);
    const recovery = (lastFailure - window.endedAt) / 1000;
    // Messages of sends accepted during the fault that went out only after it: how long the queue's back-off held them.
    const sentDuring = new Set(
      accepted
        .filter((send) => send.endedAt >= window.startedAt && send.endedAt <= window.endedAt)
        .map((send) => send.id!),
    );
    const held = expected
      .filter((delivery) => sentDuring.has(delivery.sendId))
      .map((delivery) => evidence.firstAcceptedAt.get(delivery.messageId) ?? Number.NaN)
      .filter((time) => time > window.endedAt);
    const firstMail = Math.min(...[...evidence.firstAcceptedAt.values()].filter((time) => time >= window.endedAt));
    check(
      `recovery after: ${window.name}`,
      `+${at(window.startedAt)} s, lasted ${((window.endedAt - window.startedAt) / 1000).toFixed(1)} s; ${failures.length} failed requests; last failure ${recovery.toFixed(1)} s after the end; ` +
        `next send accepted ${firstSend ? `${((firstSend.endedAt - window.endedAt) / 1000).toFixed(1)} s after` : 'never'}; ` +
        `next message at the SMTP server ${Number.isFinite(firstMail) ? `${((firstMail - window.endedAt) / 1000).toFixed(1)} s after` : 'never'}` +
        (held.length
          ? `; ${held.length} messages of sends made during it went out after it, the last ${((Math.max(...held) - window.endedAt) / 1000).toFixed(0)} s after (retry back-off)`
          : ''),
      recovery <= profile.recoveryMs / 1000 &&
        !!firstSend &&
        (firstMail - window.endedAt) / 1000 <= profile.recoveryMs / 1000,
    );
  }

  for (const { instance, baselineMb, endMb } of evidence.memory) {
    const change = (endMb - baselineMb) / baselineMb;
    check(
      `memory of ${instance} settles (RSS within 15 % of the warm value)`,
      `${baselineMb.toFixed(0)} MB after warm-up, ${endMb.toFixed(0)} MB at the end (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %)${profile.assertMemory ? '' : ', not asserted in the short run'}`,
      !profile.assertMemory || Math.abs(change) <= 0.15,
    );
  }
  return checks;
}
