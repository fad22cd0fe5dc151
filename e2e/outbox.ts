import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A server's outbox folder (MAIL_TRANSPORT=outbox): the shared server's without a DATA_DIR. */
export const outboxOf = (dataDir = process.env.E2E_DATA_DIR!) => join(dataDir, 'outbox');

/**
 * The messages in an outbox To `address`, parsed. The shared server's outbox holds every spec's mail (hundreds of
 * messages by the end of a run), so a file that never mentions the address is not parsed at all.
 */
export async function outboxMailTo(folder: string, address: string): Promise<ParsedMail[]> {
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
  const raws = names.map((name) => readFileSync(join(folder, name))).filter((raw) => raw.includes(address));
  const mails = await Promise.all(raws.map((raw) => simpleParser(raw)));
  return mails.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((group) =>
      group?.value.some((entry) => entry.address === address),
    ),
  );
}
