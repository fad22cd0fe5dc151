import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { logRedaction } from './logging';

export type LogLevel = Config['logLevel'];

/**
 * The process's own log: start-up, configuration errors, shutdown and fatal errors, as JSON lines of the same shape and redaction
 * as Fastify's request logs (both are pino), written synchronously so a line logged just before exiting is not lost.
 */
export function createLogger(level: LogLevel = 'info'): Logger {
  return pino({ level, ...logRedaction }, pino.destination({ fd: 1, sync: true }));
}
