import { PageHeader } from '../../layout/page-header';

export function ApprovalsPage() {
  return (
    <>
      <PageHeader title="Approval Emails" description="Addresses CC'd on vendor emails and included in approval requests." />
      <main className="mx-auto max-w-6xl p-4 md:p-6" />
    </>
  );
}
