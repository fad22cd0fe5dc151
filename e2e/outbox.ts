import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A server's outbox folder (MAIL_TRANSPORT=outbox): the shared server's without a DATA_DIR. */
export const outboxOf = (dataDir = process.env.E2E_DATA_DIR!) => join(dataDir, 'outbox');

/** Each message file in an outbox folder, as text (none while the folder does not exist yet). */
export function outboxTexts(folder = outboxOf()): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}

/** A message's text with its quoted-printable soft line breaks joined, so that a search finds a body's words whole. */
export const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '');

/**
 * The messages in an outbox To `address`, parsed. The shared server's outbox holds every spec's mail (hundreds of
 * messages by the end of a run), so a file that never mentions the address is not parsed at all.
 */
export async function outboxMailTo(folder: string, address: string): Promise<ParsedMail[]> {
  const raws = outboxTexts(folder).filter((raw) => raw.includes(address));
  const mails = await Promise.all(raws.map((raw) => simpleParser(raw)));
  return mails.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((group) =>
      group?.value.some((entry) => entry.address === address),
    ),
  );
}
