import { useId, useState, type FormEvent } from 'react';
import { newYorkDate } from '#shared/rules/new-york-time';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { Input, Label } from '#client/components/ui/input';
import { messageOf } from '#client/lib/request';
import { useMarkStatementPaid } from '../api/statements';
import { MAX_REFERENCE_LENGTH, paidFormProblems, type PaidFormProblems } from '../utils/paid-form';

/** 'Mark paid' (admins, a finalized statement): the date it was paid and a reference, in a small form. */
export function MarkPaidButton({ vendorId, month }: { vendorId: string; month: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        Mark paid
      </Button>
      {isOpen ? <MarkPaidDialogContent vendorId={vendorId} month={month} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function MarkPaidDialogContent({ vendorId, month, onDone }: { vendorId: string; month: string; onDone: () => void }) {
  const id = useId();
  const today = newYorkDate(new Date());
  const [values, setValues] = useState({ paidOn: today, reference: '' });
  const [problems, setProblems] = useState<PaidFormProblems>({});
  const markPaid = useMarkStatementPaid();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = paidFormProblems(values, today);
    setProblems(found);
    if (found.paidOn || found.reference) return;
    markPaid.mutate(
      { vendorId, month, paidOn: values.paidOn, reference: values.reference.trim() },
      { onSuccess: onDone },
    );
  }

  return (
    <DialogContent
      title="Mark paid"
      description="When the vendor was paid, and how (a check number, a transfer reference)."
      className="sm:max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={markPaid.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={markPaid.isPending}>
            {markPaid.isPending ? 'Saving...' : 'Mark paid'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-3">
        <div>
          <Label htmlFor={`${id}-paid-on`}>Paid on</Label>
          <Input
            id={`${id}-paid-on`}
            type="date"
            max={today}
            value={values.paidOn}
            aria-invalid={problems.paidOn ? true : undefined}
            aria-describedby={problems.paidOn ? `${id}-paid-on-problem` : undefined}
            onChange={(event) => setValues({ ...values, paidOn: event.target.value })}
          />
          {problems.paidOn ? (
            <p id={`${id}-paid-on-problem`} className="mt-1 text-[13px] text-red-700">
              {problems.paidOn}
            </p>
          ) : null}
        </div>
        <div>
          <Label htmlFor={`${id}-reference`}>Reference</Label>
          <Input
            id={`${id}-reference`}
            value={values.reference}
            maxLength={MAX_REFERENCE_LENGTH + 50}
            aria-invalid={problems.reference ? true : undefined}
            aria-describedby={problems.reference ? `${id}-reference-problem` : undefined}
            onChange={(event) => setValues({ ...values, reference: event.target.value })}
          />
          {problems.reference ? (
            <p id={`${id}-reference-problem`} className="mt-1 text-[13px] text-red-700">
              {problems.reference}
            </p>
          ) : null}
        </div>
        {markPaid.isError ? (
          <p
            role="alert"
            className="rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {messageOf(markPaid.error, 'The payment could not be saved. Please try again.')}
          </p>
        ) : null}
      </form>
    </DialogContent>
  );
}
