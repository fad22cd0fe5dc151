import type { ResultsPreview } from '#shared/contracts/results';
import { formatCents } from '#shared/payouts/money';
import { newYorkDate } from '#shared/rules/new-york-time';
import { ScrollTable } from '#client/components/ui/scroll-table';
import { StatusBadge } from './status-badge';

const count = new Intl.NumberFormat('en-US');

/** The first rows of the file as mapped, each with the vendor and status it would get, and the counts. */
export function PreviewTable({ preview }: { preview: ResultsPreview }) {
  const { counts } = preview;
  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm tabular-nums">
        In the first {count.format(counts.rows)} rows: <strong>{count.format(counts.matched)} matched</strong>,{' '}
        {count.format(counts.unmatched)} unmatched, {count.format(counts.outsideWindow)} outside the window.
      </p>
      <ScrollTable
        label="Preview of the first rows"
        caption="The first rows as mapped"
        className="[contain:inline-size] max-h-96 overflow-auto rounded-[var(--radius-card)] border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
        tableClassName="w-full min-w-[720px] text-[13px] tabular-nums"
      >
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            {['Line', 'Contribution id', 'Date', 'Amount', 'Codes', 'Vendor', 'Status'].map((label) => (
              <th
                key={label}
                scope="col"
                className={`px-2 py-1.5 font-medium ${label === 'Amount' ? 'text-right' : 'text-left'}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {preview.rows.map((row) => (
            <tr key={row.line}>
              <td className="px-2 py-1.5 text-slate-500">{row.line}</td>
              <td className="px-2 py-1.5 wrap-anywhere">{row.id}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">{newYorkDate(new Date(row.date))}</td>
              <td className="px-2 py-1.5 text-right">{formatCents(row.amountCents)}</td>
              <td className="px-2 py-1.5 wrap-anywhere">{row.codes.join(', ') || '—'}</td>
              <td className="px-2 py-1.5 wrap-anywhere">{row.vendorName ?? '—'}</td>
              <td className="px-2 py-1.5">
                <StatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}
