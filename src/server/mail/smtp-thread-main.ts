import { parentPort, workerData } from 'node:worker_threads';
import { threadLoaded } from '../own-threads';
import { createSmtpTransport, type SmtpOptions } from './smtp';
import type { ThreadError, ThreadReply, ThreadRequest } from './smtp-threads';
import { MailSendError } from './transport';

/** One SMTP thread (smtp-threads.ts): nodemailer's pooled transport, sending what the main thread hands it. */

function errorOf(error: unknown): ThreadError {
  if (error instanceof MailSendError) {
    const { retryable, retryAfterMs, isServerAway } = error;
    return { message: error.message, mailSend: { retryable, retryAfterMs, isServerAway } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Sends what the main thread hands it, until it is told to close. */
function serve() {
  const port = parentPort!;
  const { url, options } = workerData as { url: string; options: SmtpOptions };
  const transport = createSmtpTransport(url, options);
  port.on('message', async (request: ThreadRequest) => {
    if (request.kind === 'close') {
      transport.close();
      port.close();
      return;
    }
    let reply: ThreadReply;
    try {
      if (request.kind === 'verify') {
        await transport.verify?.();
        reply = { id: request.id };
      } else {
        // The pieces arrive as Uint8Arrays (shared memory for the large ones): the same bytes as Buffers, not copied.
        const raw = request.message.raw.map((piece) => Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        // From here on the message may reach the mail server: if this thread stops now, it is 'uncertain'.
        port.postMessage({ id: request.id, taken: true } satisfies ThreadReply);
        reply = { id: request.id, outcome: await transport.send({ ...request.message, raw }) };
      }
    } catch (error) {
      reply = { id: request.id, error: errorOf(error) };
    }
    port.postMessage(reply);
  });
}

if (threadLoaded()) serve();
