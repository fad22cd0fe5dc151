import type { Vendor } from '#shared/contracts/vendors';
import { Button } from '#client/components/ui/button';
import { DialogContent } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useDeleteVendor } from '#client/api/vendors';

/** The 'Delete Vendor' confirmation, shown over the 'Vendor Settings' modal. */
export function DeleteVendorDialogContent({
  vendor,
  onCancel,
  onDeleted,
  onDeleteError,
}: {
  vendor: Vendor;
  onCancel: () => void;
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
        if (!onDeleteError(error)) toast({ title: 'Failed to delete vendor', description: messageOf(error, '') || undefined, variant: 'destructive' });
      },
    });
  }

  return (
    <DialogContent
      title="Delete Vendor"
      className="sm:max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleteVendor.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={deleteVendor.isPending}>
            {deleteVendor.isPending ? 'Deleting...' : 'Delete Vendor'}
          </Button>
        </>
      }
    >
      <div className="grid gap-2 text-sm text-slate-700">
        <p>
          <strong className="font-semibold text-slate-900">{vendor.name}</strong> and all associated data will be permanently deleted for all
          users. This action cannot be undone.
        </p>
        <p>Its splits, UTM sources, costs and historical data will be removed.</p>
      </div>
    </DialogContent>
  );
}
