import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { MONTH_PATTERN, newYorkMonth, previousMonth } from '#shared/payouts/month';
import { useVendors } from '#client/api/vendors';
import { Input, Label } from '#client/components/ui/input';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { StatementView } from './statement-view';

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/**
 * The Statements screen (issue 24): one vendor's statement for one New York month (last month at first). The vendor and
 * the month are in the address (?vendor=&month=), so a statement can be linked to and reloaded.
 */
export function StatementsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const vendors = useVendors();
  const { user } = useUser();
  const vendorId = params.get('vendor') ?? '';
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) ? asked : previousMonth(newYorkMonth(new Date()));
  const choose = (next: { vendor?: string; month?: string }) =>
    setParams({ vendor: next.vendor ?? vendorId, month: next.month ?? month }, { replace: true });
  const vendorOptions = [...(vendors.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <PageHeader title="Statements" description="What each vendor is owed per month, New York time." />
      <main className="mx-auto grid max-w-[1200px] gap-5 p-4 md:p-6">
        <div
          role="search"
          aria-label="Which statement"
          className="grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-3 sm:grid-cols-[minmax(0,18rem)_12rem]"
        >
          <div className="min-w-0">
            <Label htmlFor={`${id}-vendor`}>Vendor</Label>
            <select
              id={`${id}-vendor`}
              className={selectClass}
              value={vendorId}
              onChange={(event) => choose({ vendor: event.target.value })}
            >
              <option value="">{vendors.isPending ? 'Loading vendors...' : 'Choose a vendor'}</option>
              {vendorOptions.map((vendor) => (
                <option key={vendor.vendorId} value={vendor.vendorId}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <Label htmlFor={`${id}-month`}>Month</Label>
            <Input
              id={`${id}-month`}
              type="month"
              value={month}
              required
              onChange={(event) => {
                if (MONTH_PATTERN.test(event.target.value)) choose({ month: event.target.value });
              }}
            />
          </div>
        </div>
        {vendorId === '' ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-700">
            Choose a vendor to read its statement.
          </p>
        ) : (
          <StatementView vendorId={vendorId} month={month} isAdmin={Boolean(user?.isAdmin)} />
        )}
      </main>
    </>
  );
}
