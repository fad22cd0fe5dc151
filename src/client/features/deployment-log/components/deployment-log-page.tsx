import { PageHeader } from '../../layout/page-header';

export function DeploymentLogPage() {
  return (
    <>
      <PageHeader title="Deployment Log" description="View the history of all emails sent to vendors." />
      <main className="mx-auto max-w-6xl p-4 md:p-6" />
    </>
  );
}
