import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type LogLevel = Config['logLevel'];

/**
 * The process's own log: start-up, configuration errors, shutdown and fatal errors, as JSON lines of the same shape
 * as Fastify's request logs (both are pino), written synchronously so a line logged just before exiting is not lost.
 */
export function createLogger(level: LogLevel = 'info'): Logger {
  return pino({ level }, pino.destination({ fd: 1, sync: true }));
}
