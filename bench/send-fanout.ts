import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { startSmtpSink, type SmtpSink } from '#server/testing/smtp-sink';
import { median } from './load';
import { addVendors, consolidatedSend, postJson, registerAdmin } from './seed';
import { startServer } from '#server/testing/server-process';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';

const VENDOR_COUNT = 50;
const ROUNDS = 3;
const HTML_BYTES = 1024 * 1024;

/** Resident set size of a process in bytes (Linux /proc): now (VmRSS), or the highest since it started (VmHWM). */
export function rssOf(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the SMTP sink');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** CPU time a process has used so far, user and system, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After the command name: utime and stime are the 12th and 13th fields.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * One consolidated send to 50 vendors with a 1 MB HTML attachment, through the server's durable queue and its SMTP
 * transport, until the sink holds all 50 messages; against nodemailer sending the same 50 messages (same fields and
 * bodies as the server composed them, same pool size) straight to the same sink. One untimed warm-up send each, then
 * rounds interleaved; medians; peak server RSS sampled during the sends.
 */
export async function benchSendFanout() {
  const sink: SmtpSink = await startSmtpSink();
  const cluster = await startPostgresCluster();
  try {
    const embedded = await measureOn(sink, {}, 'embedded database (PGlite, the default)');
    const postgres = await measureOn(sink, { DATABASE_URL: cluster.url, SECRET_KEY: 'b'.repeat(40) }, 'PostgreSQL');
    return {
      name: `one send to ${VENDOR_COUNT} vendors with a 1 MB HTML attachment, through the queue and SMTP, vs nodemailer straight to the same sink`,
      lines: [...embedded, ...postgres],
    };
  } finally {
    cluster.stop();
    await sink.close();
  }
}

/** The measurement with the server on one database; nodemailer's rounds interleaved with the server's. */
async function measureOn(sink: SmtpSink, databaseEnv: Record<string, string>, database: string): Promise<string[]> {
  const admin = 'bench@agency.test';
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server process (written when it stops).
  // The server runs with the V8 flag `npm start` gives it (README: What runs in production).
  const nodeArgs = [
    '--max-semi-space-size=4',
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  // LOG_LEVEL info: the server logs what creating its new database folder took.
  // SMTP_THREADS=0 npm run bench -- send-fanout: nodemailer in the server's main thread, for comparison (decision 0066).
  const server = await startServer(
    {
      ADMIN_EMAILS: admin,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: sink.url,
      SMTP_THREADS: process.env.SMTP_THREADS,
      LOG_LEVEL: 'info',
      ...databaseEnv,
    },
    { nodeArgs },
  );
  try {
    const auth = await registerAdmin(server, admin);
    const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, i) => `vendor${String(i).padStart(3, '0')}`);
    await addVendors(server, auth, vendorIds, (vendorId) => ({
      name: `Vendor ${vendorId}`,
      emails: [`${vendorId}@vendors.test`],
      defaultUtmSource: vendorId,
      emailProspectingKey: `KEY-${vendorId}`,
    }));
    await postJson(server, '/api/approval-emails', { email: 'approvals@agency.test' }, auth);

    const html = `<html><body>${'<p>Bench creative paragraph.</p>'.repeat(HTML_BYTES / 32)}</body></html>`;
    const body = consolidatedSend(vendorIds, { htmlContent: html, filename: 'creative.html' });

    // What the server's composer made of each vendor's message (From, the text and HTML bodies), read back from its
    // warm-up send: nodemailer composes and sends the same content, not a shorter stand-in.
    const composed = new Map<string, { from: { name: string; address: string }; text: string; html: string }>();
    const readComposed = async () => {
      for (const message of sink.received) {
        const parsed = await simpleParser(message.raw);
        const from = parsed.from?.value[0];
        if (!from || typeof parsed.html !== 'string' || parsed.text === undefined)
          throw new Error('the server sent a message without From, text or HTML');
        composed.set(message.to[0]!, {
          from: { name: from.name, address: from.address! },
          text: parsed.text,
          html: parsed.html,
        });
      }
    };

    const direct = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: 5 });
    const sendDirect = async () => {
      sink.received.length = 0;
      const started = performance.now();
      await Promise.all(
        vendorIds.map((id) => {
          const { from, text, html: htmlBody } = composed.get(`${id}@vendors.test`)!;
          return direct.sendMail({
            from,
            to: `${id}@vendors.test`,
            cc: 'approvals@agency.test',
            replyTo: [admin, 'approvals@agency.test'],
            subject: 'New GOA Victory Content',
            html: htmlBody,
            text,
            attachments: [{ filename: 'creative.html', content: Buffer.from(html), contentType: 'text/html' }],
          });
        }),
      );
      if (sink.received.length !== VENDOR_COUNT) throw new Error(`direct: sink got ${sink.received.length}`);
      return performance.now() - started;
    };

    let peakRss = 0;
    // The server's own CPU time per send: what it does beyond nodemailer, whatever else the machine runs meanwhile.
    const serverCpu: number[] = [];
    const sendThroughServer = async (round: number | string) => {
      sink.received.length = 0;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid))), 10);
      const started = performance.now();
      const cpuBefore = cpuMsOf(server.pid);
      try {
        const result = await postJson(server, '/api/send-email-consolidated', body, {
          ...auth,
          'idempotency-key': `bench-${round}`,
        });
        if (result.failed !== 0) throw new Error(`server send failed: ${JSON.stringify(result)}`);
        await until(() => sink.received.length >= VENDOR_COUNT, 120_000);
        serverCpu.push(cpuMsOf(server.pid) - cpuBefore);
        return performance.now() - started;
      } finally {
        clearInterval(sampler);
      }
    };

    const rssBefore = rssOf(server.pid);
    // One untimed warm-up send for each path (JIT, connections, the server's first-use work), so that both medians are
    // of warm rounds; the server's warm-up still counts towards its peak RSS, and gives nodemailer its messages' content.
    await sendThroughServer('warm-up');
    serverCpu.length = 0;
    await readComposed();
    await sendDirect();
    const serverTimes: number[] = [];
    const directTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      directTimes.push(await sendDirect());
      serverTimes.push(await sendThroughServer(round));
    }
    direct.close();
    // The server's own high-water mark: its first start on an empty DATA_DIR, the setup and the sends all included.
    const peakSinceStart = rssOf(server.pid, 'VmHWM');
    const created = server.logged('Created the embedded database');
    const ratio = median(directTimes) / median(serverTimes);
    const fmt = (times: number[]) => times.map((ms) => ms.toFixed(0)).join(', ');
    return [
      `${database}:`,
      `nodemailer direct: median ${median(directTimes).toFixed(0)} ms (${fmt(directTimes)})`,
      `server send:       median ${median(serverTimes).toFixed(0)} ms (${fmt(serverTimes)}), POST to the 50th message at the sink`,
      `server CPU per send: median ${median(serverCpu).toFixed(0)} ms (${fmt(serverCpu)})`,
      `ratio: ${ratio.toFixed(2)} (nodemailer's time / the server's; goal >= 0.9)`,
      `server RSS: ${mb(rssBefore)} before the sends, peak ${mb(peakRss)} during them; peak since its first start on an empty DATA_DIR ${mb(peakSinceStart)} (goal <= 400 MB)`,
      created
        ? `the new database folder was created by a process of its own in ${String(created.durationMs)} ms, peak ${String(created.peakRssMb)} MB, gone before the server opened it`
        : databaseEnv.DATABASE_URL
          ? 'on a PostgreSQL cluster of its own, started by the benchmark'
          : 'the server created its database folder in its own process',
    ].map((line, i) => (i === 0 ? line : `  ${line}`));
  } finally {
    await server.stop();
  }
}
