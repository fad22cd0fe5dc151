import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The vendors' addresses are at this domain (soak/setup.ts). */
export const VENDOR_DOMAIN = '@vendors.test';
const MESSAGE_ID = /^Message-ID:\s*(<[^>\r\n]+>)/im;

/**
 * A real SMTP server that answers each message after `delayMs` (a relay's latency, so that messages are in flight
 * long enough to be caught by a kill), counts what it accepted by Message-ID, and can refuse connections for a while.
 */
export async function startSmtp(delayMs: number) {
  /** Message-ID -> times accepted. */
  const accepted = new Map<string, number>();
  /** When each Message-ID was first accepted (ms since the epoch). */
  const firstAcceptedAt = new Map<string, number>();
  let isRefusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Connections open before the refusal began: each new message is refused as a temporary failure (before DATA).
    onMailFrom(_address, _session, callback) {
      if (isRefusing)
        return callback(Object.assign(new Error('Service not available, closing channel'), { responseCode: 421 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id =
          MESSAGE_ID.exec(Buffer.concat(chunks).subarray(0, 8192).toString('latin1'))?.[1] ?? '(no Message-ID)';
        // Only vendor messages are counted (invitations go out through the same server).
        if (!session.envelope.rcptTo.some((recipient) => recipient.address.endsWith(VENDOR_DOMAIN)))
          return callback(null, 'queued');
        setTimeout(() => {
          accepted.set(id, (accepted.get(id) ?? 0) + 1);
          if (!firstAcceptedAt.has(id)) firstAcceptedAt.set(id, Date.now());
          callback(null, 'queued');
        }, delayMs);
      });
    },
  });
  // A client killed mid-conversation resets its connection: expected here, not a failure of the server.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    accepted,
    firstAcceptedAt,
    /** New connections are refused (nothing listens on the port) until `accept()`. */
    refuse() {
      isRefusing = true;
      server.server.close();
    },
    accept() {
      isRefusing = false;
      return new Promise<void>((resolve) => server.server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
