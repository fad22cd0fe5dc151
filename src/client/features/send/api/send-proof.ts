import { useMutation } from '@tanstack/react-query';
import { proofResult, type SendBodyInput } from '#shared/contracts/send';
import { request } from '#client/lib/request';

/** 'Send me a proof': the exact message one vendor would get, to the sender only (nothing is logged). */
export const useSendProof = () =>
  useMutation({
    mutationFn: ({ body, vendorId }: { body: SendBodyInput; vendorId: string }) =>
      request('/api/send-proof', proofResult, { method: 'POST', body: { ...body, vendorId } }),
  });
