import { expect, it } from 'vitest';
import { startSmtpSink } from '#server/testing/smtp-sink';
import { startSmtp } from '#server/testing/switchable-smtp-server';
import { createSmtpTransport } from './smtp';
import { MailSendError } from './transport';

const message = (n: number) => ({
  raw: Buffer.from(
    `Message-ID: <m${n}@agency.test>\r\nFrom: a@agency.test\r\nTo: v@vendors.test\r\nSubject: Hello\r\n\r\nHello\r\n`,
  ),
  from: 'a@agency.test',
  to: ['v@vendors.test'],
  cc: [],
  senderUserId: 1,
});

it('retries a message the server refused before it was sent (its pooled connection refused, then no new connection), never calling it uncertain', async () => {
  const server = await startSmtp(0);
  const transport = createSmtpTransport(server.url);
  try {
    expect(await transport.send(message(1))).toMatchObject({ status: 'sent' });
    // The pooled connection answers 421 to the next message and the server takes no new connection.
    server.refuse();
    const error = await transport.send(message(2)).then(
      (outcome) => outcome,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: true });
    await server.accept();
    expect(await transport.send(message(2))).toMatchObject({ status: 'sent' });
    expect(server.accepted.get('<m2@agency.test>')).toBe(1);
  } finally {
    transport.close();
    await server.close();
  }
});

it('calls a message uncertain, never retrying it, when the line drops after its data was read (the server may have taken it)', async () => {
  const sink = await startSmtpSink({ answer: () => ({ kind: 'drop' }) });
  const transport = createSmtpTransport(sink.url);
  try {
    expect(await transport.send(message(1))).toMatchObject({ status: 'uncertain' });
    expect(sink.refused).toHaveLength(1);
  } finally {
    transport.close();
    await sink.close();
  }
});
