import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listVendorQuantityLimits, saveVendorQuantityLimit } from '#shared/api/statements';
import { call } from '#client/lib/request';

/**
 * Each vendor's limit for a quantity it reports without a planned one (issue 24): read by anyone, set by admins. A
 * new limit changes what open statements count: they are refreshed too.
 */
const QUANTITY_LIMITS_KEY = ['/api/vendor-quantity-limits'] as const;

export const useVendorQuantityLimits = () =>
  useQuery({
    queryKey: QUANTITY_LIMITS_KEY,
    queryFn: ({ signal }) => call(listVendorQuantityLimits, { signal }),
  });

export function useSaveVendorQuantityLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, quantityLimit }: { vendorId: string; quantityLimit: number | null }) =>
      call(saveVendorQuantityLimit, { params: { vendorId }, body: { quantityLimit } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: QUANTITY_LIMITS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['statements'] });
    },
  });
}
