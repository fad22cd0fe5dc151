import { join } from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createGoogleContext } from '../modules/google/context';
import { createGmailTransport } from './gmail';
import { createOutboxTransport } from './outbox';
import { createSmtpTransport } from './smtp';
import type { MailTransport } from './transport';

export interface OwnedTransport {
  transport: MailTransport;
  /** Releases connections (the SMTP pool) when the app closes. */
  close(): void;
}

/** The transport MAIL_TRANSPORT names (PRODUCT.md 2): outbox (default), smtp over SMTP_URL, or gmail. */
export function createMailTransport(config: Config, deps: { db: Db; clock: Clock }): OwnedTransport {
  switch (config.mailTransport) {
    case 'smtp': {
      const smtp = createSmtpTransport(config.smtpUrl!);
      return { transport: smtp, close: () => smtp.close() };
    }
    case 'gmail': {
      const { accessTokens } = createGoogleContext({ config, db: deps.db, clock: deps.clock });
      return { transport: createGmailTransport({ apiUrl: config.google.gmailApiUrl, accessTokens }), close: () => {} };
    }
    default:
      return { transport: createOutboxTransport(join(config.dataDir, 'outbox'), () => deps.clock.now()), close: () => {} };
  }
}
