import { ClipboardPen } from 'lucide-react';
import { useState } from 'react';
import type { SendDelivery } from '#shared/contracts/sends';
import type { VendorAction } from '#shared/contracts/tracking';
import { TRACKING_STATUS_LABELS } from '#shared/contracts/responses/tracking';
import { useRecordVendorUpdate } from '#client/api/sends';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { ReportActions } from '#client/components/vendor-report-forms';
import { TrackingStatus } from './tracking-status';

/**
 * 'Record an update' for one vendor in Deployment Details: what the vendor told the team another way (an e-mail, a
 * call), or could not report with an expired, revoked or absent link, recorded on its behalf with the vendor page's own
 * buttons and forms. It shows in the vendor's history as the team's.
 */
export function RecordUpdateControl({ sendId, delivery }: { sendId: number; delivery: SendDelivery }) {
  const [isOpen, setIsOpen] = useState(false);
  const record = useRecordVendorUpdate();
  const { tracking } = delivery;
  if (!tracking || delivery.status !== 'sent') return null;

  const close = () => {
    record.reset();
    setIsOpen(false);
  };
  const onAct = (action: VendorAction) =>
    record.mutate(
      { sendId, vendorId: delivery.vendorId, action },
      {
        onSuccess: (result) => {
          toast({
            title: 'Update recorded',
            description: `${delivery.vendorName}: ${TRACKING_STATUS_LABELS[result.tracking.status]}.`,
          });
          close();
        },
      },
    );

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Record an update for ${delivery.vendorName}`}
        onClick={() => setIsOpen(true)}
      >
        <ClipboardPen aria-hidden className="h-3.5 w-3.5" />
        Record an update
      </Button>
      <Dialog open={isOpen} onOpenChange={(open) => (open ? setIsOpen(true) : !record.isPending && close())}>
        {isOpen ? (
          <DialogContent
            title={`Record an update for ${delivery.vendorName}`}
            description="What the vendor told you by e-mail or phone. It is saved as the vendor's report, marked as recorded by the team."
            className="sm:max-w-xl"
          >
            <div className="grid gap-3">
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                Status <TrackingStatus tracking={tracking} />
              </p>
              {record.isError ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  {messageOf(record.error, 'The update could not be saved. Please try again.')}
                </p>
              ) : null}
              <ReportActions tracking={tracking} isPending={record.isPending} onAct={onAct} />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
