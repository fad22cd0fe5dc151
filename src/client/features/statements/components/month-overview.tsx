import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { MonthOverviewRow } from '#shared/contracts/statements';
import { formatCents } from '#shared/payouts/money';
import { monthName } from '#shared/payouts/month';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Button } from '#client/components/ui/button';
import { ScrollTable } from '#client/components/ui/scroll-table';
import { Skeleton } from '#client/components/ui/skeleton';
import { messageOf } from '#client/lib/request';
import { downloadOverviewCsv, useMonthOverview } from '../api/statements';
import { formatDay } from '../utils/statement-text';
import { OVERVIEW_COLUMNS, sortOverview, type OverviewSort } from '../utils/overview-sort';

const cellClass = 'px-3 py-2 align-top';
const numberClass = `${cellClass} text-right tabular-nums whitespace-nowrap`;
const STATUS_WORDS: Record<MonthOverviewRow['status'], string> = {
  open: 'Open',
  finalized: 'Finalized',
  mailed: 'Mailed',
  paid: 'Paid',
};

/**
 * The month at a glance (issue 34): every vendor with anything owed, adjusted or carried, its status, owed, carried,
 * total, paid on and reference; the totals; each header sorts; the CSV; each vendor's name opens its statement.
 */
export function MonthOverview({ month }: { month: string }) {
  const overview = useMonthOverview(month);
  const [sort, setSort] = useState<OverviewSort>({ key: 'vendor', direction: 'ascending' });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const rows = useMemo(() => sortOverview(overview.data?.vendors ?? [], sort), [overview.data, sort]);

  if (overview.isError) {
    return (
      <ListLoadError
        message={messageOf(overview.error, "The month's statements could not be loaded.")}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (overview.isPending) {
    return (
      <ListLoading className="grid gap-3">
        <Skeleton className="h-48" />
      </ListLoading>
    );
  }
  const { totals } = overview.data;
  const download = async () => {
    setDownloadError(null);
    try {
      await downloadOverviewCsv(month);
    } catch (error) {
      setDownloadError(messageOf(error, 'The CSV could not be downloaded. Please try again.'));
    }
  };
  return (
    <CardSection headingId="overview-title" className="grid min-w-0 gap-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardHeading id="overview-title" size="base">
            {monthName(month)}: every vendor
          </CardHeading>
          <p className="text-sm text-slate-700">
            Total <span className="font-semibold text-slate-900 tabular-nums">{formatCents(totals.totalCents)}</span>
            {` for ${rows.length} ${rows.length === 1 ? 'vendor' : 'vendors'}. Choose a vendor to read its statement.`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void download()}>
          <Download aria-hidden className="h-3.5 w-3.5" />
          Download CSV
        </Button>
      </div>
      {downloadError ? (
        <p role="alert" className="text-sm text-red-800">
          {downloadError}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-700">
          No vendor has anything owed, adjusted or carried in {monthName(month)}.
        </p>
      ) : (
        <ScrollTable
          label="Vendors of the month"
          caption={`Statements of ${monthName(month)}, one row per vendor, with totals`}
          className="min-w-0 overflow-x-auto rounded-[var(--radius-card)] border border-slate-200"
          tableClassName="w-full min-w-[52rem] border-collapse text-sm"
        >
          <thead className="bg-slate-50 text-[13px] text-slate-700">
            <tr>
              {OVERVIEW_COLUMNS.map((column) => {
                const isSorted = sort.key === column.key;
                const Icon = !isSorted ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={isSorted ? sort.direction : 'none'}
                    className={`${cellClass} ${column.isNumber ? 'text-right' : 'text-left'}`}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700 focus-visible:outline-2"
                      onClick={() =>
                        setSort({
                          key: column.key,
                          direction: isSorted && sort.direction === 'ascending' ? 'descending' : 'ascending',
                        })
                      }
                    >
                      {column.label}
                      <Icon aria-hidden className="h-3.5 w-3.5" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.vendorId} className="border-t border-slate-200">
                <th scope="row" className={`${cellClass} text-left font-medium`}>
                  <Link
                    to={`/statements?vendor=${encodeURIComponent(row.vendorId)}&month=${month}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {row.vendorName ?? row.vendorId}
                  </Link>
                </th>
                <td className={cellClass}>
                  {STATUS_WORDS[row.status]}
                  {row.carriedTo ? (
                    <span className="block text-[13px] text-amber-800">
                      Below zero: carried to {monthName(row.carriedTo)}
                    </span>
                  ) : null}
                </td>
                <td className={numberClass}>
                  {formatCents(row.owedCents)}
                  {row.unknownLines > 0 ? (
                    <span className="block text-[13px] text-amber-800">+ {row.unknownLines} unknown</span>
                  ) : null}
                </td>
                <td className={numberClass}>{row.carriedCents === 0 ? '—' : formatCents(row.carriedCents)}</td>
                <td className={`${numberClass} font-semibold`}>{formatCents(row.totalCents)}</td>
                <td className={cellClass}>{row.paidOn ? formatDay(row.paidOn) : '—'}</td>
                <td className={`${cellClass} wrap-anywhere`}>{row.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" colSpan={2} className={`${cellClass} text-left`}>
                Totals
              </th>
              <td className={numberClass}>{formatCents(totals.owedCents)}</td>
              <td className={numberClass}>{formatCents(totals.carriedCents)}</td>
              <td className={numberClass}>{formatCents(totals.totalCents)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </CardSection>
  );
}
