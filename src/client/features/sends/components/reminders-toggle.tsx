import { useId, useState } from 'react';
import type { SendEntry } from '#shared/contracts/sends';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { useSetSendReminders } from '#client/api/sends';

/**
 * 'Send reminders to vendors' after the send (issue 14 item 5): turning it off stops every reminder of this send not
 * yet queued; turning it on again lets the next sweep send what is due.
 */
export function RemindersToggle({ entry, className }: { entry: SendEntry; className?: string }) {
  const id = useId();
  const setReminders = useSetSendReminders();
  // The box follows the click at once (the mutation's pending state arrives a render later), until the answer is held.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? entry.remindersEnabled;
  return (
    <div className={`flex items-start gap-2 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={setReminders.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setWanted(event.target.checked);
          setReminders.mutate(
            { sendId: entry.id, enabled: event.target.checked },
            {
              onSettled: () => setWanted(null),
              onSuccess: (result) =>
                toast({
                  title: result.remindersEnabled ? 'Reminders on' : 'Reminders off',
                  description: result.remindersEnabled
                    ? 'Vendors of this send who do not answer will be reminded.'
                    : 'No more reminders go to the vendors of this send.',
                }),
              onError: (error) => failureToast('Could not change the reminders', error),
            },
          );
        }}
        className="mt-0.5 h-4 w-4 accent-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-900">
          Send reminders to vendors
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          One reminder in the same thread to a vendor who has not confirmed, or whose scheduled date passed without a
          deployment report.
        </p>
      </div>
    </div>
  );
}
