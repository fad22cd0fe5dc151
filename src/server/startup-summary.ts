import { join } from 'node:path';
import type { Config } from './config';

/** A URL as host, port and path only: user names and passwords stay out of the log. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/** What the server runs on, for the start-up log line: the database, the file store and how mail leaves. */
export function describeSetup(config: Config) {
  return {
    publicUrl: config.publicUrl,
    database: config.databaseUrl ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}` : `embedded PGlite in ${join(config.dataDir, 'db')}`,
    store: config.s3
      ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${withoutCredentials(config.s3.endpoint)}` : ` in ${config.s3.region}`}`
      : `local folder ${join(config.dataDir, 'files')}`,
    mail:
      config.mailTransport === 'smtp'
        ? `SMTP via ${withoutCredentials(config.smtpUrl!)}`
        : config.mailTransport === 'gmail'
          ? "Gmail API (each sender's Google account)"
          : `outbox folder ${join(config.dataDir, 'outbox')}`,
  };
}
