import type { Statement } from '#shared/contracts/statements';
import { distinctAddresses } from '#shared/email/compose';
import { composeStatementMail } from '#shared/payouts/statement-mail';
import { newYorkDate } from '#shared/rules/new-york-time';
import type { Config } from '#server/config';
import { conflict } from '#server/errors';
import type { DeliveryWorker } from '#server/mail/deliveries';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import { dueNow, storedMessageFile } from '#server/mail/queued-message';
import { newFileKey, type FileStorage } from '#server/storage/storage';
import { listApprovalEmails } from '../approval-emails';
import { recordAudit, type Actor } from '../audit';
import { loadSender } from '#server/mail/sender';
import * as repo from './repository';
import { statementCsv } from './statement-csv';
import * as mails from './statement-mail-repository';
import { readStatement, type PayoutDeps } from './statement-service';

export interface StatementMailDeps extends PayoutDeps {
  config: Config;
  storage: FileStorage;
  deliveries: Pick<DeliveryWorker, 'wake' | 'now' | 'options'>;
}

const alreadySent = (mail: mails.StatementMailRow) =>
  mail.status === 'uncertain'
    ? `This statement's message may or may not have reached the vendor (queued ${newYorkDate(mail.queuedAt)} by ${mail.byEmail}): check with the vendor before sending it another way.`
    : `This statement was already sent to the vendor (queued ${newYorkDate(mail.queuedAt)} by ${mail.byEmail}; its message is ${mail.status}).`;

/**
 * 'Send statement': the finalized statement mailed to the vendor's addresses, copying the approval addresses, from the
 * admin who sends it (Reply-To them and the approval addresses), the summary in the body and the CSV attached. It is a
 * row of the delivery queue like a send's messages (kind 'statement'), so the same worker sends it once, retries it and
 * records how it went; one per statement (a unique index), so two clicks or two admins queue one message. A message
 * that failed is queued again by sending again.
 */
export async function sendStatement(
  deps: StatementMailDeps,
  actor: Actor,
  vendorId: string,
  month: string,
): Promise<Statement> {
  const statement = await readStatement(deps, vendorId, month);
  const row = await repo.findStatement(deps.db, vendorId, month);
  if (!row) throw conflict(`The ${month} statement is still open: finalize it before sending it to the vendor.`);
  const now = deps.deliveries.now();
  const existing = await mails.findStatementMail(deps.db, row.id);
  if (existing) {
    const isRequeued = await deps.db.transaction(async (tx) => {
      if (!(await mails.requeueFailedStatementMail(tx, existing.id, now, deps.deliveries.options.maxAttempts)))
        return false;
      await recordAudit(tx, actor, statementSent(vendorId, month, existing.to, 'sent again after it failed'), now);
      return true;
    });
    if (!isRequeued) throw conflict(alreadySent(existing));
    deps.deliveries.wake();
    return readStatement(deps, vendorId, month);
  }

  const vendorName = statement.vendorName ?? vendorId;
  const to = await mails.vendorAddresses(deps.db, vendorId);
  if (to.length === 0) {
    throw conflict(`${vendorName} has no e-mail address: add one in Vendor Management, then send the statement.`);
  }
  const approvals = (await listApprovalEmails(deps.db)).map((row) => row.email);
  const cc = distinctAddresses(approvals).filter((address) => !to.includes(address));
  const sender = await loadSender(deps, actor.id);
  const composed = composeStatementMail({ statement, vendorName, signerFirstName: sender.firstName });
  const messageId = newMessageId(deps.config.publicUrl);
  const raw = await buildRawMessage({
    from: sender.from,
    to,
    cc,
    replyTo: distinctAddresses([sender.email, ...cc]),
    subject: composed.subject,
    html: composed.html,
    text: composed.text,
    attachments: [
      { filename: composed.csvFileName, contentType: 'text/csv', content: Buffer.from(statementCsv(statement)) },
    ],
    messageId,
    date: now,
  });
  const key = newFileKey();
  await deps.storage.put(key, raw, 'message/rfc822');
  try {
    const queued = await deps.db.transaction(async (tx) => {
      const id = await mails.insertStatementMail(
        tx,
        {
          sendId: null,
          statementId: row.id,
          kind: 'statement',
          vendorId,
          vendorName,
          senderUserId: actor.id,
          fromAddress: sender.from.address,
          toAddresses: to,
          ccAddresses: cc,
          messageId,
          emlKey: key,
          storeId: await deps.storage.identity(),
          ...dueNow(deps.deliveries.options.maxAttempts, now),
        },
        storedMessageFile(key, `statement-${vendorId}-${month}.eml`, raw, actor.id, now),
      );
      if (id !== null) await recordAudit(tx, actor, statementSent(vendorId, month, to), now);
      return id;
    });
    if (queued === null) {
      // Another admin's message was queued first (its stored bytes are deleted below).
      const first = await mails.findStatementMail(deps.db, row.id);
      throw conflict(first ? alreadySent(first) : 'This statement was already sent to the vendor.');
    }
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  deps.deliveries.wake();
  return readStatement(deps, vendorId, month);
}

const statementSent = (vendorId: string, month: string, to: string[], note?: string) => ({
  action: 'statement-sent',
  entity: 'statement',
  entityId: `${vendorId}/${month}`,
  after: { to, ...(note ? { note } : {}) },
});
