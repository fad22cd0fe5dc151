import { PageHeader } from '../../layout/page-header';

export function SendPage() {
  return (
    <>
      <PageHeader title="Send to vendors" description="Assemble content, pick vendors and send." />
      <main className="mx-auto max-w-6xl p-4 md:p-6" />
    </>
  );
}
