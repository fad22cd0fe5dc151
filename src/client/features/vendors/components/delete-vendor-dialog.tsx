import type { Vendor } from '#shared/contracts/vendors';
import { useDeleteVendor } from '#client/api/vendors';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';

/** The 'Delete Vendor' confirmation, shown over the 'Vendor Settings' modal. */
export function DeleteVendorDialog({
  vendor,
  open,
  onOpenChange,
  onDeleted,
  onDeleteError,
}: {
  vendor: Vendor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  /** Answers true when it handled the error (the vendor was already gone). */
  onDeleteError: (error: unknown) => boolean;
}) {
  const deleteVendor = useDeleteVendor();

  function confirm() {
    deleteVendor.mutate(vendor.vendorId, {
      onSuccess: () => {
        toast({ title: 'Vendor deleted successfully' });
        onDeleted();
      },
      onError: (error) => {
        if (!onDeleteError(error))
          toast({
            title: 'Failed to delete vendor',
            description: messageOf(error, '') || undefined,
            variant: 'destructive',
          });
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Vendor"
      confirmLabel="Delete Vendor"
      pendingLabel="Deleting..."
      isPending={deleteVendor.isPending}
      isDestructive
      onConfirm={confirm}
    >
      <p>
        <strong className="font-semibold text-slate-900">{vendor.name}</strong> and all associated data will be
        permanently deleted for all users. This action cannot be undone.
      </p>
      <p>Its splits, UTM sources, costs and historical data will be removed.</p>
    </ConfirmDialog>
  );
}
