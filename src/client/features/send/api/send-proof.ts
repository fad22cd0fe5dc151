import { sendProof } from '#shared/api/send';
import { useMutation } from '@tanstack/react-query';
import type { SendBodyInput } from '#shared/contracts/send';
import { call } from '#client/lib/request';

/** 'Send me a proof': the exact message one vendor would get, to the sender only (nothing is logged). */
export const useSendProof = () =>
  useMutation({
    mutationFn: ({ body, vendorId }: { body: SendBodyInput; vendorId: string }) =>
      call(sendProof, { body: { ...body, vendorId } }),
  });
