import { ArrowLeft, Printer, Send } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { MONTH_PATTERN, monthName } from '#shared/payouts/month';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { messageOf } from '#client/lib/request';
import { useStatement } from '../api/statements';
import { statusText } from '../utils/statement-text';
import { StatementTable } from './statement-table';
import './print-statement.css';

/**
 * A statement as a document for the agency's records (`/statements/:vendorId/:month/print`): the agency's header, the
 * vendor, the month, the status, the lines, adjustments and total. Printed (or saved as PDF by the browser), only the
 * document is on the page (print-statement.css).
 */
export function PrintStatementPage() {
  const { vendorId = '', month: asked = '' } = useParams();
  const month = MONTH_PATTERN.test(asked) ? asked : '';
  const statement = useStatement(vendorId, month);
  const title = statement.data ? `Statement ${statement.data.vendorName ?? vendorId} ${monthName(month)}` : 'Statement';
  useEffect(() => {
    document.title = `${title} · Dispatch`;
  }, [title]);

  return (
    <main className="print-document mx-auto grid max-w-[1100px] gap-5 bg-white p-6 text-slate-900">
      <nav aria-label="Statement" className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/statements?${new URLSearchParams({ vendor: vendorId, month }).toString()}`}
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to statements
        </Link>
        <Button size="sm" variant="secondary" onClick={() => window.print()} disabled={!statement.data}>
          <Printer aria-hidden className="h-3.5 w-3.5" />
          Print
        </Button>
      </nav>
      <header className="flex flex-wrap items-end justify-between gap-3 border-b-2 border-slate-900 pb-3">
        <div className="flex items-center gap-2">
          <span className="print-hidden flex h-8 w-8 items-center justify-center rounded-md bg-brand-600 text-white">
            <Send aria-hidden className="h-4 w-4" />
          </span>
          <p className="text-lg font-semibold">Dispatch</p>
        </div>
        <p className="text-sm text-slate-700">Vendor statement</p>
      </header>
      {month === '' ? (
        <p role="alert" className="text-sm text-red-800">
          This address names no month: a statement&apos;s month is written YYYY-MM.
        </p>
      ) : statement.isError ? (
        <ListLoadError
          message={messageOf(statement.error, 'The statement could not be loaded.')}
          onRetry={() => void statement.refetch()}
        />
      ) : statement.isPending ? (
        <ListLoading className="grid gap-3">
          <Skeleton className="h-12" />
          <Skeleton className="h-48" />
        </ListLoading>
      ) : (
        <>
          <h1 className="text-xl font-semibold">
            {statement.data.vendorName ?? statement.data.vendorId} · {monthName(statement.data.month)}
          </h1>
          <dl className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">Vendor</dt>
            <dd>
              {statement.data.vendorName ?? statement.data.vendorId}{' '}
              <span className="text-slate-600">(ID {statement.data.vendorId})</span>
            </dd>
            <dt className="font-medium">Month</dt>
            <dd>{monthName(statement.data.month)}, New York time</dd>
            <dt className="font-medium">Status</dt>
            <dd data-testid="statement-status">{statusText(statement.data)}</dd>
          </dl>
          <StatementTable statement={statement.data} />
        </>
      )}
    </main>
  );
}
