import { useMutation } from '@tanstack/react-query';
import { proofResult } from '#shared/contracts/send';
import { request } from '#client/lib/request';

/** 'Send me a proof' of a vendor being added to a past send. */
export const useAddVendorsProof = () =>
  useMutation({
    mutationFn: ({ logId, vendorIds, vendorId }: { logId: number; vendorIds: string[]; vendorId: string }) =>
      request(`/api/email-logs/${logId}/add-vendors/proof`, proofResult, { method: 'POST', body: { vendorIds, vendorId } }),
  });
