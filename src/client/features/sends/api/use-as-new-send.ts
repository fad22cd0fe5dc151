import { useMutation } from '@tanstack/react-query';
import { useAsNewSend } from '#shared/api/sends';
import { call } from '#client/lib/request';

/** 'Use as new send': the send page's saved state becomes this send (replaceDraft once the user confirmed). */
export const useUseAsNewSend = () =>
  useMutation({
    mutationFn: ({ sendId, replaceDraft }: { sendId: number; replaceDraft: boolean }) =>
      call(useAsNewSend, { params: { id: sendId }, body: { replaceDraft } }),
  });
