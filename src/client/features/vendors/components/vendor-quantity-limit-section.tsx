import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useSaveVendorQuantityLimit, useVendorQuantityLimits } from '../api/quantity-limits';
import { quantityLimitOf } from '../utils/quantity-limit';

const LABEL = "Largest quantity a vendor's own report or plan may count without an admin's review";

/**
 * The vendor's quantity limit (issue 24; decision 0072): a quantity it reports or plans through its link counts for a
 * CPM amount only up to this (or the team's plan, if smaller); anything above needs an admin's review. Admins set it;
 * others read it.
 */
export function VendorQuantityLimitSection({ vendorId, isAdmin }: { vendorId: string; isAdmin: boolean }) {
  const id = useId();
  const limits = useVendorQuantityLimits();
  const save = useSaveVendorQuantityLimit();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = limits.data?.find((row) => row.vendorId === vendorId)?.quantityLimit ?? null;
  const text = draft ?? (saved === null ? '' : String(saved));

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = quantityLimitOf(text);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    save.mutate(
      { vendorId, quantityLimit: read.quantityLimit },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: 'Quantity limit saved' });
        },
        onError: (error) => setProblem(messageOf(error, 'The limit could not be saved. Please try again.')),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-[13px] font-medium text-slate-700">
        Quantity limit
      </h3>
      <p className="text-[13px] text-slate-600">
        A quantity this vendor reports through its link counts for a CPM amount only up to this limit, or up to the
        team&apos;s planned quantity if that is smaller; a plan the vendor set itself raises nothing. Anything above is
        flagged &apos;Needs review&apos; on its statement until an admin accepts it. Empty: no limit, so without a
        team&apos;s plan every such quantity needs review.
      </p>
      {limits.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(limits.error, 'The quantity limit could not be loaded.')}
        </p>
      ) : limits.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : isAdmin ? (
        <form noValidate onSubmit={submit} className="grid gap-1">
          <Label htmlFor={`${id}-limit`}>{LABEL}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-limit`}
              inputMode="numeric"
              placeholder="No limit"
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setDraft(event.target.value)}
              className="max-w-48 tabular-nums"
            />
            <Button type="submit" variant="secondary" disabled={save.isPending || draft === null}>
              {save.isPending ? 'Setting...' : 'Set limit'}
            </Button>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-[13px] text-red-700">
              {problem}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="text-sm">
          {LABEL}: <span className="tabular-nums">{saved === null ? 'No limit' : saved.toLocaleString('en-US')}</span>
        </p>
      )}
    </section>
  );
}
