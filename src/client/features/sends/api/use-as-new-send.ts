import { useMutation } from '@tanstack/react-query';
import { useAsNewSendResultShape } from '#shared/contracts/responses';
import { request } from '#client/lib/request';

/** 'Use as new send': the send page's saved state becomes this send (replaceDraft once the user confirmed). */
export const useUseAsNewSend = () =>
  useMutation({
    mutationFn: ({ logId, replaceDraft }: { logId: number; replaceDraft: boolean }) =>
      request(`/api/email-logs/${logId}/use-as-new-send`, useAsNewSendResultShape, {
        method: 'POST',
        body: { replaceDraft },
      }),
  });
