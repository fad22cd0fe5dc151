import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ApprovalEmail } from '#shared/contracts/vendors';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { BinButton } from '#client/components/ui/bin-button';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { PageHeader } from '#client/features/layout/page-header';
import { useAddApprovalEmail, useApprovalEmails, useDeleteApprovalEmail } from '#client/api/approval-emails';

export function ApprovalsPage() {
  return (
    <>
      <PageHeader
        title="Approval Emails"
        description="Addresses CC'd on vendor emails and included in approval requests."
      />
      <main className="mx-auto max-w-3xl p-4 md:p-6">
        <CardSection headingId="approval-emails">
          <div className="border-b border-slate-200 p-4">
            <CardHeading id="approval-emails" size="base">
              Approval addresses
            </CardHeading>
            <p className="mt-0.5 text-[13px] text-slate-600">
              These addresses are CC&apos;d on every vendor email, and vendors are asked to send their approvals to
              them.
            </p>
            <AddApprovalEmailForm />
          </div>
          <ApprovalEmailList />
        </CardSection>
      </main>
    </>
  );
}

function AddApprovalEmailForm() {
  const id = useId();
  const addApprovalEmail = useAddApprovalEmail();
  const [email, setEmail] = useState('');
  const value = email.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value || addApprovalEmail.isPending) return;
    addApprovalEmail.mutate(value, {
      onSuccess: () => {
        setEmail('');
        toast({ title: 'Approval email added successfully' });
      },
      onError: (error) =>
        toast({
          title: 'Failed to add approval email',
          description: messageOf(error, '') || undefined,
          variant: 'destructive',
        }),
    });
  }

  return (
    // noValidate: the server's message (invalid, already listed) is shown in the toast.
    <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <Label htmlFor={id}>Approval email address</Label>
        <Input
          id={id}
          type="email"
          autoComplete="off"
          placeholder="approvals@agency.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={!value || addApprovalEmail.isPending}>
        {addApprovalEmail.isPending ? 'Adding...' : 'Add'}
      </Button>
    </form>
  );
}

function ApprovalEmailList() {
  const approvalEmails = useApprovalEmails();

  if (approvalEmails.isPending) {
    return (
      <div role="status" className="grid gap-3 p-4">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  }
  if (approvalEmails.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 p-4 text-sm text-red-800">
        <span>Could not load approval emails.</span>
        <Button variant="secondary" size="sm" onClick={() => void approvalEmails.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (approvalEmails.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <MailCheck aria-hidden className="h-6 w-6 text-slate-400" />
        <p className="text-sm text-slate-600">No approval emails configured. Add one above to get started.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Approval addresses" className="divide-y divide-slate-100">
      {approvalEmails.data.map((row) => (
        <ApprovalEmailRow key={row.id} row={row} />
      ))}
    </ul>
  );
}

function ApprovalEmailRow({ row }: { row: ApprovalEmail }) {
  const deleteApprovalEmail = useDeleteApprovalEmail();

  function remove() {
    deleteApprovalEmail.mutate(row.id, {
      onSuccess: () => toast({ title: 'Approval email deleted successfully' }),
      onError: (error) =>
        toast({
          title: 'Failed to delete approval email',
          description: messageOf(error, '') || undefined,
          variant: 'destructive',
        }),
    });
  }

  return (
    <li className="flex items-center justify-between gap-3 px-4 py-2" data-testid={`approval-row-${row.email}`}>
      <span className="min-w-0 truncate text-sm">{row.email}</span>
      <BinButton
        tooltip="Delete address"
        label={`Delete ${row.email}`}
        side="left"
        disabled={deleteApprovalEmail.isPending}
        onClick={remove}
      />
    </li>
  );
}
