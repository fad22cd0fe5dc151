import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { VendorPerformance } from '#shared/contracts/performance';
import { PERFORMANCE_COLUMNS, sortVendors, type PerformanceSort } from '../utils/performance-columns';

interface Chosen {
  label: string;
  sendIds: number[];
}

const sendLink = (sendId: number) => `/deployment-log?send=${sendId}`;

/**
 * Per vendor, every figure; each header sorts (aria-sort says how), each figure shows the sends it comes from, which
 * open in the Deployment Log's Deployment Details. The accessible alternative to the charts.
 */
export function PerformanceTable({ vendors, caption }: { vendors: readonly VendorPerformance[]; caption: string }) {
  const [sort, setSort] = useState<PerformanceSort>({ key: 'net', direction: 'descending' });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const rows = useMemo(() => sortVendors(vendors, sort), [vendors, sort]);
  const header = (key: string, label: string) => {
    const isSorted = sort.key === key;
    const Icon = !isSorted ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
    return (
      <th
        key={key}
        scope="col"
        aria-sort={isSorted ? sort.direction : 'none'}
        className={key === 'name' ? 'px-2 py-2 text-left' : 'px-2 py-2 text-right'}
      >
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700 focus-visible:outline-2"
          onClick={() =>
            setSort({
              key,
              direction: isSorted && sort.direction === 'descending' ? 'ascending' : 'descending',
            })
          }
        >
          {label}
          <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-500" />
        </button>
      </th>
    );
  };
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto">
        <table className="tabular w-full min-w-[760px] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-700">
            <tr>
              {header('name', 'Vendor')}
              {PERFORMANCE_COLUMNS.map((column) => header(column.key, column.label))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((vendor) => (
              <tr key={vendor.vendorId}>
                <th scope="row" className="px-2 py-2 text-left font-medium">
                  {vendor.name}
                </th>
                {PERFORMANCE_COLUMNS.map((column) => {
                  const sendIds = column.sendIds(vendor);
                  const label = `${column.label} of ${vendor.name}`;
                  return (
                    <td key={column.key} className="px-2 py-2 text-right">
                      {sendIds.length === 0 ? (
                        column.text(vendor)
                      ) : (
                        <button
                          type="button"
                          aria-label={`${label}: ${column.text(vendor)}, from ${sendIds.length} send(s)`}
                          className="rounded underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-600"
                          onClick={() => setChosen({ label, sendIds })}
                        >
                          {column.text(vendor)}
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div aria-live="polite">
        {chosen ? (
          <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <p className="font-medium">
              {chosen.label}: from {chosen.sendIds.length} send(s)
            </p>
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {chosen.sendIds.map((sendId) => (
                <li key={sendId}>
                  <Link className="text-brand-700 underline underline-offset-2" to={sendLink(sendId)}>
                    Send #{sendId}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-xs text-slate-600">Choose a figure to see the sends it comes from.</p>
        )}
      </div>
    </div>
  );
}
