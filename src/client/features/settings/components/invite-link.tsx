import { Copy, RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { useNewInviteLink } from '../api/users';

interface InviteLinkProps {
  email: string;
  authorizedEmailId: number;
  /** The link, when this page issued it: the server keeps only a hash, so it cannot be shown again later. */
  inviteUrl: string | undefined;
  inviteExpiresAt: string | null;
  onIssued(authorizedEmailId: number, inviteUrl: string): void;
}

export function mailedText(isMailed: boolean, email: string) {
  return isMailed
    ? `The invitation was mailed to ${email}.`
    : `The invitation could not be mailed: copy the link and send it to ${email}.`;
}

/** A pending user's invite link, with Copy and 'New link'. */
export function InviteLink({ email, authorizedEmailId, inviteUrl, inviteExpiresAt, onIssued }: InviteLinkProps) {
  const newLink = useNewInviteLink();

  async function copy() {
    if (!inviteUrl) return;
    try {
      await navigator.clipboard.writeText(inviteUrl);
      toast({ title: 'Invite link copied' });
    } catch {
      toast({
        title: 'Could not copy the link',
        description: 'Select the link and copy it by hand.',
        variant: 'destructive',
      });
    }
  }

  function renew() {
    newLink.mutate(authorizedEmailId, {
      onSuccess: (issued) => {
        onIssued(authorizedEmailId, issued.inviteUrl);
        toast({ title: 'New invite link created', description: mailedText(issued.inviteMailed, email) });
      },
      onError: (error) => failureToast('Failed to create a new link', error, ''),
    });
  }

  const expiry = inviteExpiresAt
    ? `Link valid until ${new Date(inviteExpiresAt).toLocaleString()}`
    : 'No valid invite link';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {inviteUrl ? (
        <>
          <input
            readOnly
            value={inviteUrl}
            aria-label={`Invite link for ${email}`}
            onFocus={(event) => event.currentTarget.select()}
            className="h-8 w-64 rounded-md border border-slate-200 bg-slate-50 px-2 text-xs text-slate-700"
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copy()}
            aria-label={`Copy invite link for ${email}`}
          >
            <Copy aria-hidden className="h-3.5 w-3.5" /> Copy
          </Button>
        </>
      ) : (
        <span className="text-xs text-slate-600">{expiry}</span>
      )}
      <Button
        variant="ghost"
        size="sm"
        disabled={newLink.isPending}
        onClick={renew}
        aria-label={`New link for ${email}`}
      >
        <RefreshCw aria-hidden className="h-3.5 w-3.5" /> New link
      </Button>
    </div>
  );
}
