import { useState } from 'react';
import { monthName } from '#shared/payouts/month';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { hasErrorCode, messageOf } from '#client/lib/request';
import { useFinalizeStatement } from '../api/statements';

/**
 * 'Finalize' (admins): freezes the statement. Before the month has ended the server answers 409 `month-not-over`: the admin is asked,
 * and only a confirmation sends `{ confirm: true }`. Any other refusal is shown as the server says it.
 */
export function FinalizeButton({
  vendorId,
  month,
  onError,
}: {
  vendorId: string;
  month: string;
  onError: (message: string | null) => void;
}) {
  const finalize = useFinalizeStatement();
  const [isConfirming, setConfirming] = useState(false);

  function run(confirm: boolean) {
    onError(null);
    finalize.mutate(
      { vendorId, month, confirm },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => {
          if (hasErrorCode(error, 'month-not-over') && !confirm) {
            setConfirming(true);
            return;
          }
          setConfirming(false);
          onError(messageOf(error, 'The statement could not be finalized. Please try again.'));
        },
      },
    );
  }

  return (
    <>
      <Button size="sm" disabled={finalize.isPending} onClick={() => run(false)}>
        {finalize.isPending && !isConfirming ? 'Finalizing...' : 'Finalize'}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="Finalize a month that is not over?"
        confirmLabel="Finalize anyway"
        pendingLabel="Finalizing..."
        isPending={finalize.isPending}
        onConfirm={() => run(true)}
      >
        <p>
          {monthName(month)} is not over yet: sends and results may still come. Once finalized, this statement never
          changes; anything later becomes an adjustment on the next open statement.
        </p>
      </ConfirmDialog>
    </>
  );
}
