import { useMutation } from '@tanstack/react-query';
import { useAsNewSendResult } from '#shared/contracts/past-sends';
import { request } from '#client/lib/request';

/** 'Use as new send': the send page's saved state becomes this send (replaceDraft once the user confirmed). */
export const useUseAsNewSend = () =>
  useMutation({
    mutationFn: ({ logId, replaceDraft }: { logId: number; replaceDraft: boolean }) =>
      request(`/api/email-logs/${logId}/use-as-new-send`, useAsNewSendResult, { method: 'POST', body: { replaceDraft } }),
  });
