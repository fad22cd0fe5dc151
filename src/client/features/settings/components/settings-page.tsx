import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { UserRow } from '#shared/contracts/users';
import { displayNameFromEmail } from '#shared/display-name';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { Badge } from '#client/components/ui/badge';
import { ColumnHeads } from '#client/components/ui/column-heads';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Switch } from '#client/components/ui/switch';
import { BinButton } from '#client/components/ui/bin-button';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { Avatar } from '#client/features/layout/profile-menu';
import { useAddUser, useRemoveUser, useUpdatePermissions, useUsers } from '../api/users';
import { InviteLink, mailedText } from './invite-link';

export function SettingsPage() {
  const { user } = useUser();
  const isAdmin = user?.isAdmin ?? false;
  return (
    <>
      <PageHeader title="Settings" description="Who may use Dispatch, and who administers it." />
      <main className="mx-auto max-w-5xl p-4 md:p-6">
        {isAdmin ? (
          <UserPermissions />
        ) : (
          <div className="flex items-center gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-6">
            <ShieldAlert aria-hidden className="h-5 w-5 text-amber-600" />
            <p className="font-medium">Admins only</p>
          </div>
        )}
      </main>
    </>
  );
}

function UserPermissions() {
  const users = useUsers(true);
  const addUser = useAddUser();
  const [email, setEmail] = useState('');
  // Links issued on this page, by authorized address: shown with Copy until the page is left.
  const [inviteUrls, setInviteUrls] = useState<ReadonlyMap<number, string>>(new Map());
  const rememberInvite = (authorizedEmailId: number, inviteUrl: string) =>
    setInviteUrls((current) => new Map(current).set(authorizedEmailId, inviteUrl));

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      toast({ title: 'Please enter an email address', variant: 'destructive' });
      return;
    }
    addUser.mutate(value, {
      onSuccess: (added) => {
        setEmail('');
        rememberInvite(added.id, added.inviteUrl);
        toast({ title: 'User added successfully', description: mailedText(added.inviteMailed, added.email) });
      },
      onError: (error) => failureToast('Failed to add user', error, ''),
    });
  }

  return (
    <CardSection headingId="user-permissions">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <CardHeading id="user-permissions" size="base">
          User Permissions
        </CardHeading>
        <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
          <Input
            type="email"
            aria-label="Email address of the user to add"
            placeholder="name@agency.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="sm:w-64"
          />
          <Button type="submit" disabled={addUser.isPending}>
            {addUser.isPending ? 'Adding...' : 'Add User'}
          </Button>
        </form>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <ColumnHeads
            className="bg-slate-50 text-[13px] text-slate-600"
            labels={['User', 'Email', 'Admin', 'Actions']}
            cellClassName="px-4 py-2 font-medium"
          />
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-slate-600">
                  Loading...
                </td>
              </tr>
            ) : users.isError ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-red-700">
                  Could not load users.{' '}
                  <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
                    Retry
                  </Button>
                </td>
              </tr>
            ) : users.data.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-slate-600">
                  No users found
                </td>
              </tr>
            ) : (
              users.data.map((row) => (
                <UserPermissionRow
                  key={row.authorizedEmailId}
                  row={row}
                  inviteUrl={inviteUrls.get(row.authorizedEmailId)}
                  onInviteIssued={rememberInvite}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
    </CardSection>
  );
}

interface UserPermissionRowProps {
  row: UserRow;
  inviteUrl: string | undefined;
  onInviteIssued(authorizedEmailId: number, inviteUrl: string): void;
}

function UserPermissionRow({ row, inviteUrl, onInviteIssued }: UserPermissionRowProps) {
  const updatePermissions = useUpdatePermissions();
  const removeUser = useRemoveUser();
  const name = displayNameFromEmail(row.email);

  function toggleAdmin(isAdmin: boolean) {
    updatePermissions.mutate(
      { userId: row.id, isAdmin },
      {
        onSuccess: () => toast({ title: 'User permissions updated' }),
        onError: (error) =>
          toast({
            title: 'Failed to update permissions',
            description: error instanceof Error && !('status' in error) ? error.message : messageOf(error, ''),
            variant: 'destructive',
          }),
      },
    );
  }

  function remove() {
    removeUser.mutate(row.authorizedEmailId, {
      onSuccess: () => toast({ title: 'User removed successfully' }),
      onError: (error) => failureToast('Failed to remove user', error, ''),
    });
  }

  return (
    <tr className="border-t border-slate-100" data-testid={`user-row-${row.email}`}>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <Avatar email={row.email} imageUrl={row.googleProfileImageUrl} />
          <div>
            <p className="font-medium">{name}</p>
            {!row.hasRegistered ? <p className="text-xs text-slate-600">Not registered yet</p> : null}
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <span>{row.email}</span>
          {row.hasRegistered ? (
            <Badge tone="success">Registered</Badge>
          ) : (
            <Badge tone="warning">Pending Registration</Badge>
          )}
          {row.isAdmin ? <Badge tone="brand">Admin</Badge> : null}
        </div>
        {!row.hasRegistered ? (
          <InviteLink
            email={row.email}
            authorizedEmailId={row.authorizedEmailId}
            inviteUrl={inviteUrl}
            inviteExpiresAt={row.inviteExpiresAt}
            onIssued={onInviteIssued}
          />
        ) : null}
      </td>
      <td className="px-4 py-3">
        <Switch
          checked={row.isAdmin}
          disabled={!row.hasRegistered || updatePermissions.isPending}
          onCheckedChange={toggleAdmin}
          aria-label={`Admin access for ${row.email}`}
        />
      </td>
      <td className="px-4 py-3">
        <BinButton
          tooltip="Remove user"
          label={`Remove ${row.email}`}
          side="left"
          disabled={removeUser.isPending}
          onClick={remove}
        />
      </td>
    </tr>
  );
}
