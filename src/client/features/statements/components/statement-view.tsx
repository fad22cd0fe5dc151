import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Statement } from '#shared/contracts/statements';
import { formatCents } from '#shared/payouts/money';
import { monthName } from '#shared/payouts/month';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { messageOf } from '#client/lib/request';
import { downloadStatementCsv, useStatement } from '../api/statements';
import { statusText } from '../utils/statement-text';
import { AcceptQuantityButton } from './accept-quantity-button';
import { FinalizeButton } from './finalize-button';
import { MarkPaidButton } from './mark-paid-dialog';
import { SendStatementButton, StatementMailStatus } from './send-statement-button';
import { StatementTable } from './statement-table';

const STATUS_TONES = { open: 'brand', finalized: 'neutral', paid: 'success' } as const;
const STATUS_LABELS = { open: 'Open', finalized: 'Finalized', paid: 'Paid' } as const;

/** A statement's status as a badge and in words (who finalized it and when, when it was paid and the reference). */
export function StatementStatus({ statement }: { statement: Statement }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="statement-status">
      <Badge tone={STATUS_TONES[statement.status]}>{STATUS_LABELS[statement.status]}</Badge>
      {statement.status === 'open' ? (
        <span>Follows new results until an admin finalizes it.</span>
      ) : (
        <span>{statusText(statement)}</span>
      )}
    </p>
  );
}

/** One vendor's statement for one month: status, actions, lines, adjustments and total. */
export function StatementView({ vendorId, month, isAdmin }: { vendorId: string; month: string; isAdmin: boolean }) {
  const statement = useStatement(vendorId, month);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isDownloading, setDownloading] = useState(false);

  if (statement.isError)
    return (
      <ListLoadError
        message={messageOf(statement.error, 'The statement could not be loaded.')}
        onRetry={() => void statement.refetch()}
      />
    );
  if (statement.isPending)
    return (
      <ListLoading className="grid gap-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-48" />
      </ListLoading>
    );

  const data = statement.data;
  async function download() {
    setDownloading(true);
    setActionError(null);
    try {
      await downloadStatementCsv(vendorId, month);
    } catch (error) {
      setActionError(messageOf(error, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <CardSection headingId="statement-title" className="grid min-w-0 gap-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardHeading id="statement-title" size="base">
            {data.vendorName ?? data.vendorId} · {monthName(data.month)}
          </CardHeading>
          <StatementStatus statement={data} />
          {/* The total up here too: on a phone the table's last column is off to the right. */}
          <p className="text-sm text-slate-700">
            Total owed <span className="font-semibold text-slate-900 tabular-nums">{formatCents(data.owedCents)}</span>
            {data.unknownLines > 0 ? ` (${data.unknownLines} unknown)` : ''}
          </p>
          {data.mail ? <StatementMailStatus mail={data.mail} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" disabled={isDownloading} onClick={() => void download()}>
            <Download aria-hidden className="h-3.5 w-3.5" />
            {isDownloading ? 'Downloading...' : 'Download CSV'}
          </Button>
          <Link
            to={`/statements/${encodeURIComponent(vendorId)}/${month}/print`}
            className="inline-flex h-8 items-center gap-2 rounded-[var(--radius-button)] border border-slate-300 bg-white px-3 text-[13px] font-medium text-slate-800 hover:bg-slate-50"
          >
            <Printer aria-hidden className="h-3.5 w-3.5" />
            Print
          </Link>
          {isAdmin && data.status === 'open' ? (
            <FinalizeButton vendorId={vendorId} month={month} onError={setActionError} />
          ) : null}
          {/* A total below zero is never paid: it is carried forward (the server refuses it too). */}
          {isAdmin && data.status === 'finalized' && data.owedCents >= 0 ? (
            <MarkPaidButton vendorId={vendorId} month={month} />
          ) : null}
          {isAdmin && data.status !== 'open' && (data.mail === null || data.mail.status === 'failed') ? (
            <SendStatementButton statement={data} onError={setActionError} />
          ) : null}
        </div>
      </div>
      {actionError ? (
        <p
          role="alert"
          className="rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 wrap-anywhere"
        >
          {actionError}
        </p>
      ) : null}
      <StatementTable
        statement={data}
        lineAction={
          isAdmin && data.status === 'open'
            ? (line) =>
                line.flags.includes('Needs review') && line.reportedQuantity !== null ? (
                  <AcceptQuantityButton
                    vendorId={vendorId}
                    sendId={line.sendId}
                    quantity={line.reportedQuantity}
                    counted={line.quantity}
                    onError={setActionError}
                  />
                ) : null
            : undefined
        }
      />
    </CardSection>
  );
}
