import { Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_SPLIT } from '#shared/contracts/vendor-terms';
import { Button } from '#client/components/ui/button';
import { Dialog } from '#client/components/ui/dialog';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { useVendorCosts } from '#client/api/vendor-costs';
import { useVendorSplits } from '#client/api/vendor-splits';
import { useVendorUtmSources } from '#client/api/vendor-utm-sources';
import { useVendors } from '#client/api/vendors';
import { effectiveUtmSource } from '../utils/vendor-values';
import { AddVendorDialogContent } from './add-vendor-dialog';
import { VendorCard, VendorCardSkeleton } from './vendor-card';
import { VendorSettingsDialogContent } from './vendor-settings-dialog';

const SKELETON_COUNT = 8;

export function VendorsPage() {
  const { user } = useUser();
  const isAdmin = user?.isAdmin ?? false;
  const vendors = useVendors();
  const splits = useVendorSplits();
  const utmSources = useVendorUtmSources();
  // Loaded with the page so the settings modal opens with its figures.
  useVendorCosts();
  const [isAddOpen, setAddOpen] = useState(false);
  const [openVendorId, setOpenVendorId] = useState<string | null>(null);

  const lists = [vendors, splits, utmSources];
  const openVendor = vendors.data?.find((vendor) => vendor.vendorId === openVendorId);

  return (
    <>
      <PageHeader
        title="Vendor Management"
        description="Vendors, their addresses, UTM sources and terms."
        actions={
          isAdmin ? (
            <Button size="sm" onClick={() => setAddOpen(true)}>
              <Plus aria-hidden className="h-4 w-4" />
              Add Vendor
            </Button>
          ) : null
        }
      />
      <main className="mx-auto max-w-6xl p-4 md:p-6">
        {vendors.isError || splits.isError || utmSources.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <span>Could not load vendors.</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => lists.filter((query) => query.isError).forEach((query) => void query.refetch())}
            >
              Retry
            </Button>
          </div>
        ) : vendors.isPending || splits.isPending || utmSources.isPending ? (
          <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <VendorCardSkeleton key={index} />
            ))}
          </div>
        ) : vendors.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Store aria-hidden className="h-6 w-6 text-slate-400" />
            <p className="font-medium">No vendors yet</p>
            <p className="text-[13px] text-slate-600">
              {isAdmin ? 'Add the first one with Add Vendor.' : 'An admin can add vendors.'}
            </p>
          </div>
        ) : (
          <ul aria-label="Vendors" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {vendors.data.map((vendor) => (
              <li key={vendor.vendorId} className="min-w-0">
                <VendorCard
                  vendor={vendor}
                  utmSource={effectiveUtmSource(
                    vendor,
                    utmSources.data.find((row) => row.vendorId === vendor.vendorId)?.utmSource,
                  )}
                  splitRatio={splits.data.find((row) => row.vendorId === vendor.vendorId)?.splitRatio ?? DEFAULT_SPLIT}
                  onOpen={() => setOpenVendorId(vendor.vendorId)}
                />
              </li>
            ))}
          </ul>
        )}
      </main>

      <Dialog open={isAddOpen} onOpenChange={setAddOpen}>
        {isAddOpen ? <AddVendorDialogContent onClose={() => setAddOpen(false)} /> : null}
      </Dialog>
      <Dialog open={openVendor !== undefined} onOpenChange={(open) => !open && setOpenVendorId(null)}>
        {openVendor ? (
          <VendorSettingsDialogContent
            key={openVendor.vendorId}
            vendor={openVendor}
            isAdmin={isAdmin}
            onClose={() => setOpenVendorId(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}
