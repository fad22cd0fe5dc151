import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMessage {
  raw: Buffer;
  from: string;
  to: string[];
}

/** What the sink answers to one message: accept it, refuse it with an SMTP code, or drop the line after reading it. */
export type SinkAnswer =
  /** `delayMs`: a slow server, answering only after that long; `after`: only once that settles. */
  | { kind: 'accept'; delayMs?: number; after?: Promise<unknown> }
  | { kind: 'refuse'; code: number; message?: string }
  /** Close the connection after reading the data, before answering. */
  | { kind: 'drop' }
  /** Read the data and never answer. */
  | { kind: 'hang' };

export interface SmtpSinkOptions {
  /** Decides the answer to each message once its data has been read; accepts when not given. */
  answer?: (message: ReceivedMessage, attempt: number) => SinkAnswer;
  /** Refuses a recipient at RCPT TO with this code when it returns one. */
  refuseRecipient?: (address: string) => number | undefined;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it accepts. */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMessage[] = [];
  const refused: ReceivedMessage[] = [];
  let attempts = 0;
  const sink = {
    received,
    refused,
    answer: options.answer,
    refuseRecipient: options.refuseRecipient,
    get attempts() {
      return attempts;
    },
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 60 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const code = sink.refuseRecipient?.(address.address);
      if (code)
        return callback(Object.assign(new Error(`Recipient ${address.address} refused`), { responseCode: code }));
      return callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        const message: ReceivedMessage = {
          raw: Buffer.concat(chunks),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((recipient) => recipient.address),
        };
        attempts++;
        const answer = sink.answer?.(message, attempts) ?? { kind: 'accept' };
        if (answer.kind === 'hang') {
          refused.push(message);
          return;
        }
        if (answer.kind === 'drop') {
          refused.push(message);
          // Gone after the data arrived and before any answer: the client cannot know whether it was taken.
          return destroyAll();
        }
        if (answer.kind === 'refuse') {
          refused.push(message);
          return callback(Object.assign(new Error(answer.message ?? 'Try again later'), { responseCode: answer.code }));
        }
        const accept = () => {
          received.push(message);
          callback(null, `Message queued as ${received.length}`);
        };
        if (answer.after) return void answer.after.then(accept, accept);
        if (answer.delayMs) return void setTimeout(accept, answer.delayMs);
        return accept();
      });
    },
  });
  const connections = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const destroyAll = () => {
    for (const socket of connections) socket.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    port,
    /** For the smtp transport: no STARTTLS on this local server. */
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () =>
      new Promise<void>((resolve) => {
        destroyAll();
        server.close(() => resolve());
      }),
  });
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
