import { useId, useState } from 'react';
import { MAX_NOTE_LENGTH, type TrackingBoardItem } from '#shared/contracts/responses/tracking';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Label, Textarea } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useReviewSeedTest } from '../api/review-seed-test';

/** 'Request changes' on a seed test: confirmed with the note the vendor is e-mailed and sees on its page (required). */
export function RequestChangesDialog({
  item,
  open,
  onClose,
}: {
  item: TrackingBoardItem;
  open: boolean;
  onClose: () => void;
}) {
  const review = useReviewSeedTest();
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setNote('');
    setProblem(null);
    onClose();
  };
  const submit = () => {
    if (note.trim() === '') {
      setProblem('Please say what needs to change.');
      return;
    }
    setProblem(null);
    review.mutate(
      { sendId: item.sendId, vendorId: item.vendorId, review: { decision: 'request-changes', note: note.trim() } },
      {
        onSuccess: () => {
          toast({
            title: 'Changes requested',
            description: `${item.vendorName} is e-mailed in the thread of its message.`,
          });
          close();
        },
        onError: (error) => setProblem(messageOf(error, 'The request could not be saved. Please try again.')),
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && !review.isPending && close()}
      title="Request changes?"
      confirmLabel="Request changes"
      pendingLabel="Sending..."
      isPending={review.isPending}
      onConfirm={submit}
    >
      <p>
        <strong className="font-semibold text-slate-900">{item.vendorName}</strong> is e-mailed your note in the thread
        of its message and sees it on its page.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Label htmlFor={`${id}-note`}>What needs to change</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={MAX_NOTE_LENGTH}
          required
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="mt-1 text-[13px] text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
