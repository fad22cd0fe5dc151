import { Link, useSearchParams } from 'react-router';
import { findClient } from '#shared/clients';
import { ClientTiles } from '#client/components/client-tiles';
import { useUser } from '#client/features/auth/api/get-user';
import { PageHeader } from '#client/features/layout/page-header';
import { FiguresSection } from './figures-section';
import { ImportSection } from './import-section';
import { ImportsSection } from './imports-section';
import { ReversalsSection } from './reversals-section';
import { SettingsSection } from './settings-section';
import { UnattributedSection } from './unattributed-section';

/**
 * The Results screen (issue 23): for one client, import a contribution export, read the figures per vendor, see what
 * no send got, and set the attribution window and the prior donor file. The client is in the address (?client=).
 */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const client = findClient(params.get('client'))?.slug ?? null;
  const { user } = useUser();
  const isAdmin = Boolean(user?.isAdmin);
  return (
    <>
      <PageHeader
        title="Results"
        description="What each vendor's deployment raised, from the donation platform's export."
      />
      <main className="mx-auto grid max-w-[1200px] gap-5 p-4 md:p-6">
        <p className="text-sm">
          <Link
            className="text-brand-700 underline underline-offset-2"
            to={client ? `/results/performance?client=${client}` : '/results/performance'}
          >
            Vendor performance
          </Link>{' '}
          <span className="text-slate-600">: each vendor's ROI, costs and on-time rate, with charts.</span>
        </p>
        <ClientTiles selected={client} onSelect={(slug) => setParams({ client: slug }, { replace: true })} />
        {client === null ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-700">
            Choose a client to import and read its results.
          </p>
        ) : (
          <>
            <ImportSection key={client} client={client} />
            <FiguresSection client={client} />
            <ReversalsSection client={client} />
            <UnattributedSection client={client} isAdmin={isAdmin} />
            <ImportsSection client={client} isAdmin={isAdmin} />
            <SettingsSection client={client} isAdmin={isAdmin} />
          </>
        )}
      </main>
    </>
  );
}
