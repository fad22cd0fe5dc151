import { ConfirmButton } from '#client/components/ui/confirm-button';
import { messageOf } from '#client/lib/request';
import { useAcceptQuantity } from '../api/statements';

/**
 * 'Accept quantity' on a 'Needs review' line (admins): the quantity the vendor reported counts in full. It posts that
 * very quantity (the server refuses any other), after a confirmation that says what changes.
 */
export function AcceptQuantityButton({
  vendorId,
  sendId,
  quantity,
  counted,
  onError,
}: {
  vendorId: string;
  sendId: number;
  quantity: number;
  counted: number | null;
  onError: (message: string | null) => void;
}) {
  const accept = useAcceptQuantity();
  const reported = quantity.toLocaleString('en-US');
  return (
    <ConfirmButton
      button={{
        variant: 'secondary',
        size: 'sm',
        'aria-label': `Accept quantity ${reported} for send ${sendId}`,
        disabled: accept.isPending,
      }}
      label="Accept quantity"
      title="Accept the reported quantity?"
      confirmLabel="Accept quantity"
      pendingLabel="Accepting..."
      isPending={accept.isPending}
      onConfirm={(close) => {
        onError(null);
        accept.mutate(
          { vendorId, sendId, quantity },
          {
            onSettled: close,
            onError: (error) => onError(messageOf(error, 'The quantity could not be accepted. Please try again.')),
          },
        );
      }}
    >
      <p>
        The vendor reported {reported} for send {sendId}, more than its planned quantity or limit allows
        {counted !== null ? ` (${counted.toLocaleString('en-US')} counts now)` : ''}.
      </p>
      <p>Accepting counts all {reported} for this send&apos;s amount owed, and is kept in the audit trail.</p>
    </ConfirmButton>
  );
}
