import { useState } from 'react';
import type { VendorAction } from '#shared/contracts/tracking';
import { TRACKING_STATUS_LABELS, type VendorPageView } from '#shared/contracts/responses/tracking';
import { formatKb } from '#shared/email/format';
import { termValueWording } from '#shared/payouts/terms';
import { formatQuantity } from '#shared/rules/tracking';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { RequestError } from '#client/lib/request';
import { downloadAttachment, useVendorAction, useVendorPage } from '../api/vendor-page';
import { ReportActions } from '#client/components/vendor-report-forms';

// In the viewer's own time zone, named: the schedule the vendor enters is New York time, so a bare time would be ambiguous.
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** The token from '#<token>': read once, never sent anywhere but the Authorization header. */
const tokenFromHash = () => window.location.hash.replace(/^#/, '');

function messageOf(error: unknown): string {
  if (error instanceof RequestError)
    return error.serverMessage ?? `Something went wrong (${error.status}). Please try again.`;
  return 'The page could not be reached. Please check your connection and try again.';
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <title>Your deployment</title>
      <meta name="robots" content="noindex, nofollow" />
      <main className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}

/** The public page a vendor reaches from its message: what was sent to it and one-click reports, no app chrome. */
export function VendorPage() {
  const [token] = useState(tokenFromHash);
  const page = useVendorPage(token);
  if (page.isPending) {
    return (
      <Shell>
        <Spinner />
      </Shell>
    );
  }
  if (page.isError) {
    return (
      <Shell>
        <div role="alert" className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6">
          <h1 className="text-lg font-semibold text-slate-900">This page cannot be opened</h1>
          <p className="mt-2 text-sm text-slate-700">{messageOf(page.error)}</p>
        </div>
      </Shell>
    );
  }
  return <VendorPageContent token={token} view={page.data} />;
}

function VendorPageContent({ token, view }: { token: string; view: VendorPageView }) {
  const act = useVendorAction(token);
  const [saved, setSaved] = useState<string | null>(null);
  const { content, tracking } = view;
  const onAct = (action: VendorAction) => {
    setSaved(null);
    act.mutate(action, { onSuccess: (next) => setSaved(`Saved: ${next.history.at(-1)?.summary ?? 'done'}`) });
  };
  const isDeployed = tracking.status === 'deployed';
  return (
    <Shell>
      <header>
        <p className="text-[13px] font-medium uppercase tracking-wide text-slate-500">
          Deployment for {content.vendorName}
        </p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">
          {content.clientName ? `${content.clientName}: ${content.subject}` : content.subject}
        </h1>
        <p className="mt-1 text-[13px] text-slate-600">
          Sent {formatWhen(view.sentAt)} · this link works until {formatWhen(view.linkExpiresAt)}
        </p>
      </header>

      <section
        aria-label="Status"
        className="flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
      >
        <span className="text-sm text-slate-700">Status</span>
        <Badge
          tone={
            isDeployed || tracking.status === 'approved'
              ? 'success'
              : tracking.status === 'cannot-deploy' || tracking.status === 'changes-requested'
                ? 'danger'
                : 'brand'
          }
        >
          {TRACKING_STATUS_LABELS[tracking.status]}
        </Badge>
        {tracking.scheduledDate ? (
          <span className="text-[13px] text-slate-700 tabular-nums">
            Scheduled {tracking.scheduledDate} {tracking.scheduledTime} · {tracking.segment} ·{' '}
            {formatQuantity(tracking.plannedQuantity ?? 0)} planned
          </span>
        ) : null}
        {tracking.deployedDate ? (
          <span className="text-[13px] text-slate-700 tabular-nums">
            Deployed {tracking.deployedDate} · {formatQuantity(tracking.deployedQuantity ?? 0)}
          </span>
        ) : null}
        <TeamDecision tracking={tracking} />
      </section>

      <div aria-live="polite" className="min-h-0">
        {act.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {messageOf(act.error)}
          </p>
        ) : saved ? (
          <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{saved}</p>
        ) : null}
      </div>

      <section aria-label="Actions" className="grid gap-3">
        <h2 className="text-base font-semibold text-slate-900">Report</h2>
        <ReportActions
          tracking={tracking}
          isPending={act.isPending}
          onAct={onAct}
          seedTestHint={
            content.approvalEmails.length > 0 ? (
              <p className="text-[13px] text-slate-600">
                Send your seed test to {content.approvalEmails.join(', ')}, then press 'Seed test sent'.
              </p>
            ) : null
          }
        />
      </section>

      <SentContent token={token} view={view} />

      <section aria-label="History" className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
        <h2 className="text-base font-semibold text-slate-900">History</h2>
        {view.history.length === 0 ? (
          <p className="mt-2 text-[13px] text-slate-600">Nothing reported yet.</p>
        ) : (
          <ol className="mt-2 grid gap-1.5">
            {view.history.map((event, i) => (
              <li key={i} className="text-[13px] text-slate-700">
                <span className="tabular-nums text-slate-500">{formatWhen(event.at)}</span> ·{' '}
                {event.by === 'vendor' ? 'You' : 'The team'}: {event.summary}
              </li>
            ))}
          </ol>
        )}
      </section>
    </Shell>
  );
}

/** The team's answer to the seed test, in words, with its note. */
function TeamDecision({ tracking }: { tracking: VendorPageView['tracking'] }) {
  const when = tracking.reviewedAt ? ` on ${formatWhen(tracking.reviewedAt)}` : '';
  if (tracking.status === 'approved') {
    return (
      <p className="w-full rounded-md bg-green-50 p-2 text-[13px] text-green-900">
        The team approved your seed test{when}.{tracking.reviewNote ? ` Note: ${tracking.reviewNote}` : ''}
      </p>
    );
  }
  if (tracking.status === 'changes-requested') {
    return (
      <p className="w-full rounded-md bg-red-50 p-2 text-[13px] text-red-900">
        The team requested changes to your seed test{when}: {tracking.reviewNote} Please send a new seed test to the
        approval addresses, then press 'Seed test sent'.
      </p>
    );
  }
  return tracking.reviewNote ? (
    <p className="w-full text-[13px] text-slate-700">From the team: {tracking.reviewNote}</p>
  ) : null;
}

// A label beside its value from 640 px; on a phone above it, so a long link gets the whole width instead of a narrow
// column broken every few letters.
const TERMS_LIST = 'grid grid-cols-1 gap-x-3 text-[13px] sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)] sm:gap-y-1';
const VALUE = 'mb-2 sm:mb-0';

function SentContent({ token, view }: { token: string; view: VendorPageView }) {
  const { content } = view;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <section
      aria-label="What was sent"
      className="grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold text-slate-900">What we sent you</h2>
      <dl className={TERMS_LIST}>
        <dt className="text-slate-600">Client</dt>
        <dd className={`${VALUE} text-slate-900`}>{content.clientName ?? 'Not named'}</dd>
        <dt className="text-slate-600">Terms</dt>
        <dd className={`${VALUE} text-slate-900`}>{content.terms.label}</dd>
        {content.terms.items.map((item) => (
          <div key={item.label} className="contents">
            <dt className="text-slate-600">{item.label}</dt>
            <dd className={`${VALUE} tabular-nums text-slate-900`}>{termValueWording(item)}</dd>
          </div>
        ))}
      </dl>
      {content.cards.map((card) => (
        <div key={card.title} className="border-t border-slate-100 pt-3">
          <h3 className="text-sm font-semibold text-slate-900">{card.title}</h3>
          <dl className={`mt-1 ${TERMS_LIST}`}>
            {card.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className={`${VALUE} whitespace-pre-line text-slate-900 wrap-anywhere`}>
                  {row.isLink && /^https?:\/\//i.test(row.value) ? (
                    <a className="text-brand-700 underline" href={row.value} rel="noreferrer noopener" target="_blank">
                      {row.value}
                    </a>
                  ) : (
                    row.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {content.attachments.length > 0 ? (
        <div className="border-t border-slate-100 pt-3">
          <h3 className="text-sm font-semibold text-slate-900">Attachments</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {content.attachments.map((file, index) => (
              <li key={index}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setDownloadError(null);
                    downloadAttachment(token, index, file.fileName).catch((error: unknown) =>
                      setDownloadError(messageOf(error)),
                    );
                  }}
                >
                  Download {file.fileName} ({formatKb(file.size)})
                </Button>
              </li>
            ))}
          </ul>
          {downloadError ? (
            <p role="alert" className="mt-2 text-[13px] text-red-700">
              {downloadError}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
