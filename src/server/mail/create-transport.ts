import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import { createGmailTransport, type GmailAccessTokens } from './gmail';
import { createOutboxTransport } from './outbox';
import { createSmtpTransport } from './smtp';
import { createThreadedSmtpTransport } from './smtp-threads';
import type { MailTransport } from './transport';

export interface OwnedTransport {
  transport: MailTransport;
  /** Releases connections (the SMTP pool, its threads) when the app closes. */
  close(): void | Promise<void>;
}

export interface TransportDeps {
  clock: Clock;
  /** Each sender's Google access token, for the gmail transport. */
  accessTokens: GmailAccessTokens;
  /** Where the SMTP threads log a thread that cannot start or stops. */
  log: FastifyBaseLogger;
}

/** The transport MAIL_TRANSPORT names: outbox (default), smtp over SMTP_URL, or gmail. */
export function createMailTransport(config: Config, deps: TransportDeps): OwnedTransport {
  switch (config.mailTransport) {
    case 'smtp': {
      // SMTP_THREADS=0: nodemailer in the main thread.
      const smtp = config.smtpThreads
        ? createThreadedSmtpTransport(config.smtpUrl!, { threads: config.smtpThreads, log: deps.log })
        : createSmtpTransport(config.smtpUrl!);
      return { transport: smtp, close: () => smtp.close() };
    }
    case 'gmail':
      return {
        transport: createGmailTransport({ apiUrl: config.google.gmailApiUrl, accessTokens: deps.accessTokens }),
        close: () => {},
      };
    default:
      return {
        transport: createOutboxTransport(join(config.dataDir, 'outbox'), () => deps.clock.now()),
        close: () => {},
      };
  }
}
