import { proofResultShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import type { SendBodyInput } from '#shared/contracts/send';
import { request } from '#client/lib/request';

/** 'Send me a proof': the exact message one vendor would get, to the sender only (nothing is logged). */
export const useSendProof = () =>
  useMutation({
    mutationFn: ({ body, vendorId }: { body: SendBodyInput; vendorId: string }) =>
      request('/api/send-proof', proofResultShape, { method: 'POST', body: { ...body, vendorId } }),
  });
