import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { requiresGoogleAuth, unauthorized } from '#server/errors';
import { findSender } from './sender-repository';

export const GOOGLE_AUTH_REQUIRED_MESSAGE =
  'Google Authentication Required: Please sign in with Google to enable Gmail sending.';
export const googleAuthRequired = () => requiresGoogleAuth(GOOGLE_AUTH_REQUIRED_MESSAGE, 400);

export interface Sender {
  userId: number;
  email: string;
  firstName: string;
  /** The From of every message: the user (name and address), or MAIL_FROM for the smtp and outbox transports. */
  from: { name?: string; address: string };
}

/**
 * The signed-in user as the sender of mail: From is the user (Gmail always sends as the account), or MAIL_FROM for the
 * smtp and outbox transports when it is set. Under gmail a user without a Google connection is refused here.
 */
export async function loadSender({ db, config }: { db: Db; config: Config }, userId: number): Promise<Sender> {
  const row = await findSender(db, userId);
  if (!row) throw unauthorized();
  if (config.mailTransport === 'gmail' && !row.googleConnected) throw googleAuthRequired();
  const isOwnAddress = config.mailTransport === 'gmail' || !config.mailFrom;
  return {
    userId,
    email: row.email,
    firstName: row.firstName,
    from: isOwnAddress ? { name: row.firstName || undefined, address: row.email } : { address: config.mailFrom! },
  };
}
