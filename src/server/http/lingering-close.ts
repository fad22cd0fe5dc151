import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a refused upload is still read (and dropped) after the answer is out, at most. */
export const LINGER_MS = 5_000;
/** How much of a refused upload is read (and dropped) at most: past it the connection closes. */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * For a request refused before its body was read (401, 429): the answer goes out with `Connection: close`, then the
 * connection closes the way HTTP servers close it in this case (RFC 9112 §9.6, nginx's lingering close): the write side
 * is half-closed, what the client still sends is read and dropped up to LINGER_MAX_BYTES (then no more is read: a
 * client still writing stalls, and so gets to read the answer), and the socket is destroyed when the body is all read,
 * the client closes, or LINGER_MS after the answer, whichever comes first. Closing at once with the upload unread makes
 * the kernel reset the connection, and a client still writing (Node's own HTTP client, say) then gets ECONNRESET
 * instead of the answer; reading it all (what Node does for a kept-alive connection) would let any anonymous client make
 * the server read gigabytes. Nothing is kept: memory stays flat however many refused uploads linger. Decision 0021.
 */
export function closeAfterRefusal(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Connection', 'close');
  const incoming = request.raw;
  const socket = incoming.socket;
  let bytesRead = 0;
  let isBodyRead = false;
  let isLingering = false;

  // Flowing with a listener that keeps nothing: the body is read, counted and dropped, up to the budget.
  incoming.on('data', (chunk: Buffer) => {
    bytesRead += chunk.length;
    if (bytesRead > LINGER_MAX_BYTES) incoming.pause();
  });
  incoming.once('end', () => {
    isBodyRead = true;
    if (isLingering) socket.destroy();
  });
  // Node's server ends a `Connection: close` answer with socket.destroySoon(): end, then destroy as soon as the answer
  // is flushed, unread bytes and all. Here the end is the half-close, and the destroy waits for the lingering to end.
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end(() => {
      isLingering = true;
      if (isBodyRead) socket.destroy();
    });
  };
}
