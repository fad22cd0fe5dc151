import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast';
import { hasErrorCode, messageOf } from '#client/lib/request';
import { useUseAsNewSend } from '../api/use-as-new-send';

/**
 * 'Use as new send': loads the send onto the send page and goes there. When another send is in progress the server
 * refuses (409) and `replaceTarget` asks the user before `confirmReplace` replaces it.
 */
export function useStartFromSend() {
  const navigate = useNavigate();
  const useAsNew = useUseAsNewSend();
  const [replaceTarget, setReplaceTarget] = useState<number | null>(null);

  function start(sendId: number, replaceDraft = false) {
    useAsNew.mutate(
      { sendId, replaceDraft },
      {
        onSuccess: (result) => {
          setReplaceTarget(null);
          toast({
            title: 'Loaded as a new send',
            description:
              result.missingVendors.length > 0
                ? `Vendors deleted since were left out: ${result.missingVendors.join(', ')}.`
                : 'Edit it on the send page; your changes are saved as you go.',
          });
          void navigate('/');
        },
        onError: (error) => {
          if (hasErrorCode(error, 'send-in-progress')) {
            setReplaceTarget(sendId);
            return;
          }
          setReplaceTarget(null);
          toast({
            title: 'Could not use this send',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return {
    start: (sendId: number) => start(sendId),
    confirmReplace: () => replaceTarget !== null && start(replaceTarget, true),
    cancelReplace: () => setReplaceTarget(null),
    replaceTarget,
    pendingId: useAsNew.isPending ? (useAsNew.variables?.sendId ?? null) : null,
  };
}
