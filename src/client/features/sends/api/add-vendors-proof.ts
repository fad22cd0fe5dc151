import { useMutation } from '@tanstack/react-query';
import { proofResultShape } from '#shared/contracts/responses';
import { request } from '#client/lib/request';

/** 'Send me a proof' of a vendor being added to a past send. */
export const useAddVendorsProof = () =>
  useMutation({
    mutationFn: ({ logId, vendorIds, vendorId }: { logId: number; vendorIds: string[]; vendorId: string }) =>
      request(`/api/email-logs/${logId}/add-vendors/proof`, proofResultShape, {
        method: 'POST',
        body: { vendorIds, vendorId },
      }),
  });
