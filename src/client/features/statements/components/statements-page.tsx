import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { MONTH_PATTERN, newYorkMonth, previousMonth } from '#shared/payouts/month';
import { FilterBar, VendorFilter } from '#client/components/lists/filter-fields';
import { Input, Label } from '#client/components/ui/input';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { MonthOverview } from './month-overview';
import { StatementView } from './statement-view';

/**
 * The Statements screen (issue 24): the month's overview of every vendor (issue 34), or one vendor's statement, for one
 * New York month (last month at first). The vendor and the month are in the address (?vendor=&month=), so a statement
 * can be linked to and reloaded.
 */
export function StatementsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { user } = useUser();
  const vendorId = params.get('vendor') ?? '';
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) ? asked : previousMonth(newYorkMonth(new Date()));
  const choose = (next: { vendor?: string; month?: string }) =>
    setParams({ vendor: next.vendor ?? vendorId, month: next.month ?? month }, { replace: true });

  return (
    <>
      <PageHeader title="Statements" description="What each vendor is owed per month, New York time." />
      <main className="mx-auto grid max-w-[1200px] gap-5 p-4 md:p-6">
        <FilterBar label="Which statement" className="sm:grid-cols-[minmax(0,18rem)_12rem]">
          <VendorFilter
            id={`${id}-vendor`}
            value={vendorId}
            onChange={(vendor) => choose({ vendor })}
            noneLabel="Every vendor"
          />
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
        </FilterBar>
        {vendorId === '' ? (
          <MonthOverview month={month} />
        ) : (
          <StatementView vendorId={vendorId} month={month} isAdmin={Boolean(user?.isAdmin)} />
        )}
      </main>
    </>
  );
}
