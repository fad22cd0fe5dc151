import type { ResultsFigures, VendorResultFigures } from '#shared/contracts/results';
import { formatCents } from '#shared/payouts/money';
import { ColumnHeads } from '#client/components/ui/column-heads';
import { ScrollTable } from '#client/components/ui/scroll-table';

/**
 * Per-vendor results with their totals: the Results screen (a client and dates) and Deployment Details (one send)
 * show the same table, with the rules that made the figures said under it.
 */

const count = new Intl.NumberFormat('en-US');

const COLUMNS: { label: string; value: (row: ResultsFigures) => string }[] = [
  { label: 'Contributions', value: (row) => count.format(row.contributions) },
  { label: 'Donors', value: (row) => count.format(row.donors) },
  { label: 'New donors', value: (row) => count.format(row.newDonors) },
  { label: 'Gross', value: (row) => formatCents(row.grossCents) },
  { label: 'Refunded', value: (row) => formatCents(row.refundedCents) },
  { label: 'Of which chargebacks', value: (row) => formatCents(row.chargebackCents) },
  { label: 'Net', value: (row) => formatCents(row.netCents) },
];

export function ResultFiguresTable({
  caption,
  vendors,
  totals,
}: {
  caption: string;
  vendors: VendorResultFigures[];
  totals: ResultsFigures;
}) {
  return (
    // The table scrolls on its own on a phone (the region makes that reachable by keyboard); inline-size containment
    // keeps its width out of the page's, so a grid or a dialog around it does not widen to the table.
    <ScrollTable
      label={caption}
      caption={caption}
      className="[contain:inline-size] overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
      tableClassName="w-full min-w-[720px] text-sm tabular-nums"
    >
      <ColumnHeads
        className="bg-slate-50 text-[13px] text-slate-600"
        labels={['Vendor', ...COLUMNS.map((column) => column.label)]}
        cellClassName={(index) => `px-3 py-2 font-medium ${index === 0 ? 'text-left' : 'text-right'}`}
      />
      <tbody className="divide-y divide-slate-100">
        {vendors.map((vendor) => (
          <tr key={vendor.vendorId}>
            <th scope="row" className="px-3 py-2 text-left font-medium wrap-anywhere">
              {vendor.name}
            </th>
            {COLUMNS.map((column) => (
              <td key={column.label} className="px-3 py-2 text-right">
                {column.value(vendor)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold">
        <tr>
          <th scope="row" className="px-3 py-2 text-left">
            Totals
          </th>
          {COLUMNS.map((column) => (
            <td key={column.label} className="px-3 py-2 text-right">
              {column.value(totals)}
            </td>
          ))}
        </tr>
      </tfoot>
    </ScrollTable>
  );
}

/** How the figures are counted (issue 23 item 4), said wherever they are shown. */
export function ResultRulesNote() {
  return (
    <ul aria-label="How results are counted" className="mt-2 list-disc space-y-0.5 pl-5 text-[13px] text-slate-600">
      <li>
        Net is gross less refunds and chargebacks (each gift&apos;s at most its amount); a donor whose every gift was
        refunded is not counted.
      </li>
      <li>Only the first payment of a recurring gift counts.</li>
      <li>Donors are counted once each, by e-mail address.</li>
      <li>New donors gave here for the first time and are not in the client&apos;s prior donor file.</li>
    </ul>
  );
}
