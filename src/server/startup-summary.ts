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
    database: config.databaseUrl
      ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}`
      : `embedded PGlite in ${join(config.dataDir, 'db')}`,
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

/**
 * What `npm start` prints on a terminal once listening (LOG_FORMAT=auto): where the app is, what it runs on, and each
 * setup link alone on its line so that the terminal makes it clickable. Log collectors get JSON lines instead.
 */
export function terminalSummary(input: {
  address: string;
  setup: ReturnType<typeof describeSetup>;
  setupLinks: readonly { email: string; setupUrl: string }[];
}): string {
  const { address, setup, setupLinks } = input;
  const lines = [
    '',
    `Dispatch is running on ${setup.publicUrl}${address === setup.publicUrl ? '' : ` (listening on ${address})`}`,
    `  database: ${setup.database}`,
    `  files:    ${setup.store}`,
    `  mail:     ${setup.mail}`,
  ];
  for (const { email, setupUrl } of setupLinks) {
    lines.push(
      '',
      `Set up the admin account of ${email}: open this link (it works once, for 24 hours):`,
      `  ${setupUrl}`,
    );
  }
  lines.push('', 'Logs follow as JSON lines.', '');
  return `${lines.join('\n')}\n`;
}
