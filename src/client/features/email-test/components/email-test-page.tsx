import { PageHeader } from '../../layout/page-header';

export function EmailTestPage() {
  return (
    <>
      <PageHeader title="Email Test" description="Send a test email through your Google account." />
      <main className="mx-auto max-w-6xl p-4 md:p-6" />
    </>
  );
}
