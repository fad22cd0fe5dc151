import { Send } from 'lucide-react';
import type { Statement } from '#shared/contracts/statements';
import { monthName } from '#shared/payouts/month';
import { ConfirmButton } from '#client/components/ui/confirm-button';
import { messageOf } from '#client/lib/request';
import { useSendStatement } from '../api/statements';

/**
 * 'Send statement' (admins, a finalized or paid statement): mails it to the vendor's addresses, copying the approval
 * addresses, once. Offered until its message is queued, and again only when that message failed.
 */
export function SendStatementButton({
  statement,
  onError,
}: {
  statement: Statement;
  onError: (message: string | null) => void;
}) {
  const send = useSendStatement();
  const vendor = statement.vendorName ?? statement.vendorId;

  function run(close: () => void) {
    onError(null);
    send.mutate(
      { vendorId: statement.vendorId, month: statement.month },
      {
        onSettled: close,
        onError: (error) => onError(messageOf(error, 'The statement could not be sent. Please try again.')),
      },
    );
  }

  return (
    <ConfirmButton
      button={{ size: 'sm', disabled: send.isPending }}
      label={
        <>
          <Send aria-hidden className="h-3.5 w-3.5" />
          {statement.mail?.status === 'failed' ? 'Send statement again' : 'Send statement'}
        </>
      }
      title={`Send the ${monthName(statement.month)} statement to ${vendor}?`}
      confirmLabel="Send statement"
      pendingLabel="Sending..."
      isPending={send.isPending}
      onConfirm={run}
    >
      <p>
        {vendor} receives a summary with the statement attached as a CSV file, and the approval addresses are copied. It
        is sent once.
      </p>
    </ConfirmButton>
  );
}

const MAIL_STATES: Record<string, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  uncertain: 'May or may not have been delivered',
};

/** Where the statement's message to the vendor is: queued, sent (when, to whom), failed (why). */
export function StatementMailStatus({ mail }: { mail: NonNullable<Statement['mail']> }) {
  const when = new Date(mail.sentAt ?? mail.queuedAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <p className="text-sm text-slate-700" data-testid="statement-mail">
      Statement to the vendor:{' '}
      <span className="font-medium text-slate-900">{MAIL_STATES[mail.status] ?? mail.status}</span>
      {` · ${when} by ${mail.by.email} · to ${mail.to.join(', ')}`}
      {mail.lastError ? ` · ${mail.lastError}` : ''}
    </p>
  );
}
