import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '#server/errors';
import { threadLoaded } from '#server/own-threads';
import { partReader, type ReadingSetup } from './read-rows';
import type { ReaderReply, ReaderRequest } from './read-thread';

/** A thread that reads parts of one results file (read-thread.ts): bytes of whole records in, staging lines out. */
function serve() {
  const port = parentPort!;
  const { setup, header } = workerData as { setup: ReadingSetup; header: string[] };
  const readPart = partReader(header, setup);

  port.on('message', (request: ReaderRequest) => {
    let reply: ReaderReply;
    try {
      const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
      reply = { kind: 'text', index: request.index, text: readPart(bytes, request.firstLine) };
    } catch (error) {
      reply =
        error instanceof AppError
          ? {
              kind: 'failed',
              index: request.index,
              status: error.statusCode,
              message: error.message,
              code: error.code,
              extra: error.extra,
            }
          : {
              kind: 'failed',
              index: request.index,
              status: null,
              message: error instanceof Error ? error.message : String(error),
            };
    }
    port.postMessage(reply);
  });
}

if (threadLoaded()) serve();
