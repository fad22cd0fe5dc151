import { PageHeader } from '../../layout/page-header';

export function VendorsPage() {
  return (
    <>
      <PageHeader title="Vendor Management" description="Vendors, their addresses, UTM sources and terms." />
      <main className="mx-auto max-w-6xl p-4 md:p-6" />
    </>
  );
}
