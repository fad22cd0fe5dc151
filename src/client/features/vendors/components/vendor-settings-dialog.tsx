import { Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import { Button } from '#client/components/ui/button';
import { DialogContent } from '#client/components/ui/dialog';
import { RequestError } from '#client/lib/request';
import { useVendorGone } from '../hooks/use-vendor-gone';
import { DeleteVendorDialog } from './delete-vendor-dialog';
import { VendorContactSection } from './vendor-contact-section';
import { VendorQuantityLimitSection } from './vendor-quantity-limit-section';
import { VendorResultCodesSection } from './vendor-result-codes-section';
import { VendorTermsSection } from './vendor-terms-section';

/**
 * The 'Vendor Settings' modal's content. It is mounted while the modal is open, so closing it discards the edit-mode
 * draft; autosaves still waiting are sent when it unmounts.
 */
export function VendorSettingsDialogContent({
  vendor,
  isAdmin,
  onClose,
}: {
  vendor: Vendor;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const handleGone = useVendorGone(onClose);
  // After our own delete, saves flushed on unmount answer 404; that is expected and not worth a second toast.
  const isDeletedHere = useRef(false);
  const onSaveError = useCallback(
    (error: unknown) => {
      if (isDeletedHere.current && error instanceof RequestError && error.status === 404) return true;
      return handleGone(error);
    },
    [handleGone],
  );

  return (
    <DialogContent
      title="Vendor Settings"
      description={
        <>
          <span className="font-medium text-slate-900">{vendor.name}</span> · ID{' '}
          <span className="font-mono">{vendor.vendorId}</span>
        </>
      }
      className="sm:max-w-2xl"
      footer={
        <>
          {isAdmin ? (
            <Button variant="ghost" className="mr-auto" onClick={() => setDeleteOpen(true)}>
              {/* The colour sits on a span: cn() does not merge classes, so it would not override the variant's. */}
              <span className="inline-flex items-center gap-2 text-red-700">
                <Trash2 aria-hidden className="h-4 w-4" />
                Delete
              </span>
            </Button>
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div className="grid gap-5">
        <VendorContactSection vendor={vendor} isAdmin={isAdmin} onSaveError={onSaveError} />
        <hr className="border-slate-200" />
        <VendorTermsSection vendor={vendor} onSaveError={onSaveError} />
        <hr className="border-slate-200" />
        <VendorResultCodesSection vendorId={vendor.vendorId} isAdmin={isAdmin} />
        <hr className="border-slate-200" />
        <VendorQuantityLimitSection vendorId={vendor.vendorId} isAdmin={isAdmin} />
      </div>
      {isAdmin ? (
        <DeleteVendorDialog
          vendor={vendor}
          open={isDeleteOpen}
          onOpenChange={setDeleteOpen}
          onDeleted={() => {
            isDeletedHere.current = true;
            setDeleteOpen(false);
            onClose();
          }}
          onDeleteError={onSaveError}
        />
      ) : null}
    </DialogContent>
  );
}
