import { useMutation } from '@tanstack/react-query';
import { proofAddedVendor } from '#shared/api/sends';
import { call } from '#client/lib/request';

/** 'Send me a proof' of a vendor being added to a past send. */
export const useAddVendorsProof = () =>
  useMutation({
    mutationFn: ({ sendId, vendorIds, vendorId }: { sendId: number; vendorIds: string[]; vendorId: string }) =>
      call(proofAddedVendor, { params: { id: sendId }, body: { vendorIds, vendorId } }),
  });
