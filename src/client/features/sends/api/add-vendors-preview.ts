import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { addVendorsPreviewShape } from '#shared/contracts/responses';
import { request } from '#client/lib/request';

/** The message a vendor being added would get, drawn by the server with the shared composer from the stored send. */
export const addVendorsPreviewQueryOptions = (logId: number, vendorIds: string[], vendorId: string | null) =>
  queryOptions({
    queryKey: ['add-vendors-preview', logId, vendorIds, vendorId],
    queryFn: ({ signal }) =>
      request(`/api/email-logs/${logId}/add-vendors/preview`, addVendorsPreviewShape, {
        method: 'POST',
        body: { vendorIds, vendorId },
        signal,
      }),
    enabled: vendorId !== null && vendorIds.length > 0,
    staleTime: 0,
    gcTime: 0,
  });

export const useAddVendorsPreview = (logId: number, vendorIds: string[], vendorId: string | null) =>
  useQuery({ ...addVendorsPreviewQueryOptions(logId, vendorIds, vendorId), placeholderData: keepPreviousData });
