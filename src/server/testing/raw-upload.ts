import { connect, type Socket } from 'node:net';

export interface RawUploadOptions {
  port: number;
  method: string;
  path: string;
  /** Size of the JSON body announced in Content-Length and streamed, in bytes. */
  size: number;
  headers?: Record<string, string>;
  /** Called once, without waiting for it, after the headers and the first chunk of the body are on the wire. */
  onStarted?: () => void;
}

export interface RawUploadResult {
  /** The answer's status code, or null when the connection closed without an answer. */
  status: number | null;
  /** Body bytes the client had handed to its socket when the answer arrived. */
  bodyBytesWrittenAtAnswer: number | null;
  /** Body bytes handed to the socket in all, until the server closed the connection or the body was complete. */
  bodyBytesWritten: number;
}

const CHUNK = 64 * 1024;

/**
 * Streams a large JSON body to a listening server over a real socket, honouring backpressure, and goes on sending after
 * an early answer, as a careless or hostile client would: only the server closing the connection stops it.
 * (inject() would hand the whole body over at once, which is not what the server sees from a network.)
 */
export function rawUpload({
  port,
  method,
  path,
  size,
  headers = {},
  onStarted,
}: RawUploadOptions): Promise<RawUploadResult> {
  const prefix = Buffer.from('{"html":"');
  const suffix = Buffer.from('"}');
  const filler = Buffer.alloc(CHUNK, 'a');
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ port, host: '127.0.0.1' });
    let written = 0;
    let writtenAtAnswer: number | null = null;
    let answer = '';
    let isClosed = false;
    let isSettled = false;
    let waitDrain: (() => void) | null = null;
    let onAnswer: (() => void) | null = null;

    const settle = () => {
      if (isSettled) return;
      isSettled = true;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      socket.destroy();
      resolve({
        status: match ? Number(match[1]) : null,
        bodyBytesWrittenAtAnswer: writtenAtAnswer,
        bodyBytesWritten: written,
      });
    };
    const close = () => {
      isClosed = true;
      waitDrain?.();
      settle();
    };
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (writtenAtAnswer === null && answer.includes('\r\n\r\n')) {
        writtenAtAnswer = written;
        onAnswer?.();
      }
    });
    // A server that closes while the body is still coming makes our writes fail: that is an ending, not an error.
    socket.on('error', close);
    socket.on('close', close);

    const write = (chunk: Buffer) =>
      new Promise<void>((done) => {
        if (socket.write(chunk)) return done();
        waitDrain = done;
        socket.once('drain', () => {
          waitDrain = null;
          done();
        });
      });

    socket.once('connect', async () => {
      try {
        const head = [
          `${method} ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${size}`,
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          '',
          '',
        ].join('\r\n');
        await write(Buffer.from(head));
        await write(prefix);
        written = prefix.length;
        onStarted?.();
        const fillerSize = size - prefix.length - suffix.length;
        for (let sent = 0; sent < fillerSize && !isClosed; sent += CHUNK) {
          const chunk = filler.subarray(0, Math.min(CHUNK, fillerSize - sent));
          await write(chunk);
          if (!isClosed) written += chunk.length;
        }
        if (!isClosed) {
          await write(suffix);
          written += suffix.length;
        }
        // The whole body is out: hang up once the answer is in.
        if (writtenAtAnswer !== null) settle();
        else onAnswer = settle;
      } catch (error) {
        if (!isSettled) reject(error);
      }
    });
  });
}
