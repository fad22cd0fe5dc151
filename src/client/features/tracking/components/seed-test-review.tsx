import { useId, useState } from 'react';
import { MAX_NOTE_LENGTH, type TrackingBoardItem } from '#shared/contracts/tracking';
import { reviewChoicesFor } from '#shared/rules/tracking';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { Label, Textarea } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useReviewSeedTest } from '../api/review-seed-test';

/**
 * The team's answer to a vendor's seed test on its board card: 'Approve' at once, 'Request changes' after a
 * confirmation that asks for the note. Either e-mails the vendor in the thread of its message.
 */
export function SeedTestReviewActions({ item }: { item: TrackingBoardItem }) {
  const review = useReviewSeedTest();
  const [isAsking, setIsAsking] = useState(false);
  const choices = reviewChoicesFor(item.tracking);
  if (choices.length === 0) return null;
  const target = { logId: item.logId, vendorId: item.vendorId };

  const approve = () =>
    review.mutate(
      { ...target, review: { decision: 'approve' } },
      {
        onSuccess: () => toast({ title: 'Seed test approved', description: `${item.vendorName} is e-mailed in the thread of its message.` }),
        onError: (error) => toast({ title: 'Could not approve', description: messageOf(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5">
      {choices.includes('approve') ? (
        <Button size="sm" variant="secondary" disabled={review.isPending} aria-label={`Approve the seed test of ${item.vendorName}`} onClick={approve}>
          Approve
        </Button>
      ) : null}
      {choices.includes('request-changes') ? (
        <Button size="sm" variant="secondary" disabled={review.isPending} aria-label={`Request changes to the seed test of ${item.vendorName}`} onClick={() => setIsAsking(true)}>
          Request changes
        </Button>
      ) : null}
      <RequestChangesDialog item={item} open={isAsking} onClose={() => setIsAsking(false)} />
    </div>
  );
}

function RequestChangesDialog({ item, open, onClose }: { item: TrackingBoardItem; open: boolean; onClose: () => void }) {
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
      { logId: item.logId, vendorId: item.vendorId, review: { decision: 'request-changes', note: note.trim() } },
      {
        onSuccess: () => {
          toast({ title: 'Changes requested', description: `${item.vendorName} is e-mailed in the thread of its message.` });
          close();
        },
        onError: (error) => setProblem(messageOf(error, 'The request could not be saved. Please try again.')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && !review.isPending && close()}>
      {open ? (
        <DialogContent
          title="Request changes?"
          description={`${item.vendorName} is e-mailed your note in the thread of its message and sees it on its page.`}
          className="sm:max-w-md"
          footer={
            <>
              <Button variant="secondary" onClick={close} disabled={review.isPending}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={review.isPending}>
                {review.isPending ? 'Sending...' : 'Request changes'}
              </Button>
            </>
          }
        >
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
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
