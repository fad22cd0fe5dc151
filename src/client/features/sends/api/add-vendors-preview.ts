import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { previewAddedVendor } from '#shared/api/sends';
import { call } from '#client/lib/request';

/** The message a vendor being added would get, drawn by the server with the shared composer from the stored send. */
export const addVendorsPreviewQueryOptions = (sendId: number, vendorIds: string[], vendorId: string | null) =>
  queryOptions({
    queryKey: ['add-vendors-preview', sendId, vendorIds, vendorId],
    queryFn: ({ signal }) =>
      call(previewAddedVendor, {
        params: { id: sendId },
        body: { vendorIds, vendorId: vendorId ?? '' },
        signal,
      }),
    enabled: vendorId !== null && vendorIds.length > 0,
    staleTime: 0,
    gcTime: 0,
  });

export const useAddVendorsPreview = (sendId: number, vendorIds: string[], vendorId: string | null) =>
  useQuery({ ...addVendorsPreviewQueryOptions(sendId, vendorIds, vendorId), placeholderData: keepPreviousData });
