import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { vendorQuantityLimit } from '#shared/contracts/statements';
import { contractShape } from '#client/api/contract-shape';
import { request } from '#client/lib/request';

/**
 * Each vendor's limit for a quantity it reports without a planned one (issue 24): read by anyone, set by admins. A
 * new limit changes what open statements count: they are refreshed too.
 */
const QUANTITY_LIMITS_KEY = ['/api/vendor-quantity-limits'] as const;
const limitShape = contractShape(vendorQuantityLimit);
const limitListShape = contractShape(z.array(vendorQuantityLimit));

export const useVendorQuantityLimits = () =>
  useQuery({
    queryKey: QUANTITY_LIMITS_KEY,
    queryFn: ({ signal }) => request('/api/vendor-quantity-limits', limitListShape, { signal }),
  });

export function useSaveVendorQuantityLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, quantityLimit }: { vendorId: string; quantityLimit: number | null }) =>
      request(`/api/vendor-quantity-limits/${encodeURIComponent(vendorId)}`, limitShape, {
        method: 'PUT',
        body: { quantityLimit },
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: QUANTITY_LIMITS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['statements'] });
    },
  });
}
