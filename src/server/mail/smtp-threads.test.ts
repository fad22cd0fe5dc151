import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '#server/testing/smtp-sink';
import { freePort } from '../../../scripts/free-port.mjs';
import { createThreadedSmtpTransport } from './smtp-threads';
import { MailSendError, type OutgoingMessage } from './transport';

const head = (n: number) =>
  Buffer.from(
    `Message-ID: <m${n}@agency.test>\r\nFrom: a@agency.test\r\nTo: v${n}@vendors.test\r\nSubject: Hello\r\n\r\n`,
  );

const message = (n: number, ...body: Buffer[]): OutgoingMessage => ({
  raw: [head(n), ...(body.length ? body : [Buffer.from('Hello\r\n')])],
  from: 'a@agency.test',
  to: [`v${n}@vendors.test`],
  cc: [],
  senderUserId: 1,
});

const outcomeOf = (sending: Promise<unknown>) =>
  sending.then(
    (outcome) => outcome,
    (thrown: unknown) => thrown,
  );

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function sinkWithTransport(options: Parameters<typeof startSmtpSink>[0] = {}) {
  const sink = await startSmtpSink(options);
  const threads: Worker[] = [];
  const transport = createThreadedSmtpTransport(sink.url, {
    threads: 2,
    threadStarted: (worker) => threads.push(worker),
  });
  cleanups.push(
    () => sink.close(),
    () => transport.close(),
  );
  return { sink, transport, threads };
}

describe('SMTP from worker threads', () => {
  it('sends each message byte for byte, its shared large piece and dotted lines included', async () => {
    const { sink, transport, threads } = await sinkWithTransport({ answer: () => ({ kind: 'accept', delayMs: 50 }) });
    // A piece large enough to be shared with the threads, whose lines start with dots (stuffed on the wire, not here).
    const attachment = Buffer.from(
      Array.from({ length: 4_000 }, (_, i) => `.line ${i} of the attachment\r\n`).join(''),
    );
    const messages = Array.from({ length: 6 }, (_, n) =>
      message(n, Buffer.from('.first\r\n'), attachment, Buffer.from('..end\r\n')),
    );
    const outcomes = await Promise.all(messages.map((each) => transport.send(each)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill('sent'));
    expect(threads).toHaveLength(2);
    for (const [n, each] of messages.entries()) {
      const received = sink.received.find((item) => item.to[0] === `v${n}@vendors.test`);
      expect(received?.raw.equals(Buffer.concat(each.raw as Buffer[]))).toBe(true);
    }
  });

  it('refuses as the in-process transport does: 5xx for good, 4xx to retry, 421 as the server away', async () => {
    const codes = [550, 451, 421];
    const { transport } = await sinkWithTransport({
      answer: (_message, attempt) => ({ kind: 'refuse', code: codes[attempt - 1]! }),
    });
    const refused = [];
    for (const n of codes.keys()) refused.push(await outcomeOf(transport.send(message(n))));
    for (const error of refused) expect(error).toBeInstanceOf(MailSendError);
    expect(refused.map((error) => (error as MailSendError).retryable)).toEqual([false, true, true]);
    expect(refused.map((error) => (error as MailSendError).isServerAway)).toEqual([false, false, true]);
    expect((refused[0] as Error).message).toMatch(/refused the message \(550\)/);
  });

  it('calls a message uncertain when the line drops after its data, and the server away when nobody listens', async () => {
    const { transport } = await sinkWithTransport({ answer: () => ({ kind: 'drop' }) });
    expect(await transport.send(message(1))).toMatchObject({ status: 'uncertain' });

    const nobody = createThreadedSmtpTransport(`smtp://127.0.0.1:${await freePort()}?ignoreTLS=true`, { threads: 2 });
    cleanups.push(() => nobody.close());
    const error = await outcomeOf(nobody.send(message(2)));
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: true, isServerAway: true });
    await expect(nobody.verify!()).rejects.toThrow(/ECONNREFUSED/);
    await expect(transport.verify!()).resolves.toBeUndefined();
  });

  it('calls the messages of a thread that stops uncertain, and sends the next one from a new thread', async () => {
    const { sink, transport, threads } = await sinkWithTransport({ answer: () => ({ kind: 'hang' }) });
    const held = transport.send(message(1));
    // A thread's start and the SMTP exchange take more than a second on a busy machine (seen at load 13).
    await expect.poll(() => sink.refused.length, { timeout: 15_000 }).toBe(1);
    // The thread holding the unanswered message stops.
    for (const thread of threads) await thread.terminate();
    expect(await held).toMatchObject({ status: 'uncertain', error: expect.stringMatching(/mail thread stopped/) });

    sink.answer = undefined;
    expect(await transport.send(message(2))).toMatchObject({ status: 'sent' });
    expect(sink.received.map((item) => item.to)).toEqual([['v2@vendors.test']]);
    expect(threads.length).toBeGreaterThan(2);
  });

  it('refuses a message once closed, and its threads end', async () => {
    const { transport, threads } = await sinkWithTransport();
    expect(await transport.send(message(1))).toMatchObject({ status: 'sent' });
    const ended = threads.map((thread) => new Promise((resolve) => thread.once('exit', resolve)));
    await transport.close();
    await Promise.all(ended);
    await expect(transport.send(message(2))).rejects.toBeInstanceOf(MailSendError);
  });
});
