import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { emailLogs } from '#server/db/schema';
import { it } from './reuse-fixtures';

describe('a send whose files are gone', () => {
  it('answers 410 when a stored file is missing from the store, and 409 once retention removed the files', async ({
    t,
    call,
    token,
    sendId,
    add,
    dataDir,
    smtp,
  }) => {
    const entries: { id: number; cardDetails: { emailCards: { htmlFileKey: string }[] } }[] = (
      await call('GET', '/api/email-logs', token)
    ).json();
    const key = entries.find((candidate) => candidate.id === sendId)!.cardDetails.emailCards[0]!.htmlFileKey;
    rmSync(join(dataDir, 'files', key.slice(0, 2), key));
    const lost = await add(sendId, ['carta9012']);
    expect(lost.statusCode).toBe(410);
    expect(lost.json().message).toBe('A file of this send is no longer in the file store, so it cannot be reused.');

    await t.database.db.update(emailLogs).set({ filesRemovedAt: t.clock.now() }).where(eq(emailLogs.id, sendId));
    const removed = 'The files of this send were removed after the retention period, so it cannot be reused.';
    expect((await add(sendId, ['carta9012'])).json()).toEqual({ message: removed, code: 'conflict' });
    expect((await call('POST', `/api/email-logs/${sendId}/use-as-new-send`, token, {})).json()).toEqual({
      message: removed,
      code: 'conflict',
    });
    expect((await call('GET', `/api/email-logs/${sendId}/compare?a=acme1234&b=carta9012`, token)).statusCode).toBe(409);
    expect(smtp.received).toHaveLength(1);
  });
});
