import { useRecentPerformance } from '../api/recent-performance';
import { VendorResults } from './vendor-results';

/**
 * One vendor's last 90 days for the chosen client, under its name in 'Select Vendors'. Loaded lazily with its request,
 * its answer's schema and its wording, so the send page's first load carries none of them; every row asks the same
 * query, which is made once.
 */
export function VendorRecentResults({ client, vendorId }: { client: string; vendorId: string }) {
  const recent = useRecentPerformance(client);
  if (!recent.isSuccess) return null;
  return <VendorResults figures={recent.data.vendors.find((figures) => figures.vendorId === vendorId)} />;
}
