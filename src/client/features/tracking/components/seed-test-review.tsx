import { useState } from 'react';
import type { TrackingBoardItem } from '#shared/contracts/tracking';
import { reviewChoicesFor } from '#shared/rules/tracking';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useReviewSeedTest } from '../api/review-seed-test';
import { RequestChangesDialog } from './request-changes-dialog';

/**
 * The team's answer to a vendor's seed test on its board card: 'Approve' at once, 'Request changes' after a
 * confirmation that asks for the note. Either e-mails the vendor in the thread of its message.
 */
export function SeedTestReviewActions({ item }: { item: TrackingBoardItem }) {
  const review = useReviewSeedTest();
  const [isAsking, setIsAsking] = useState(false);
  const choices = reviewChoicesFor(item.tracking);
  if (choices.length === 0) return null;
  const target = { sendId: item.sendId, vendorId: item.vendorId };

  const approve = () =>
    review.mutate(
      { ...target, review: { decision: 'approve' } },
      {
        onSuccess: () =>
          toast({
            title: 'Seed test approved',
            description: `${item.vendorName} is e-mailed in the thread of its message.`,
          }),
        onError: (error) =>
          toast({
            title: 'Could not approve',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5">
      {choices.includes('approve') ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={review.isPending}
          aria-label={`Approve the seed test of ${item.vendorName}`}
          onClick={approve}
        >
          Approve
        </Button>
      ) : null}
      {choices.includes('request-changes') ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={review.isPending}
          aria-label={`Request changes to the seed test of ${item.vendorName}`}
          onClick={() => setIsAsking(true)}
        >
          Request changes
        </Button>
      ) : null}
      <RequestChangesDialog item={item} open={isAsking} onClose={() => setIsAsking(false)} />
    </div>
  );
}
