import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MailSendError, type MailTransport } from './transport';

/** Writes each message as a `.eml` file to `dir` (DATA_DIR/outbox): the default when no mail account is configured. */
export function createOutboxTransport(dir: string, now: () => Date = () => new Date()): MailTransport {
  return {
    name: 'outbox',
    async send(message) {
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // A reader of the folder never sees half a message.
        await writeFile(join(dir, `.${name}.tmp`), message.raw, { mode: 0o600 });
        await rename(join(dir, `.${name}.tmp`), join(dir, name));
      } catch (error) {
        throw new MailSendError(`Could not write to the outbox: ${(error as Error).message}`, true);
      }
      return { status: 'sent', id: name };
    },
  };
}
