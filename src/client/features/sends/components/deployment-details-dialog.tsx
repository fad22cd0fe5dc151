import type { ReactNode } from 'react';
import type { EmailCardDetail, SendEntry, TextCardDetail } from '#shared/contracts/sends';
import { owedLabel, owedTotalText } from '#shared/payouts/owed-text';
import { formatEndDateShort } from '#shared/rules/end-date-format';
import { DialogContent } from '#client/components/ui/dialog';
import { useUser } from '#client/features/auth/api/get-user';
import { downloadStoredFile, downloadVendorEml } from '../api/downloads';
import { useLiveSendEntry } from '../api/live-entry';
import { cardCountsOf, clientNameOf, vendorDeliveriesOf } from '../utils/entry-text';
import { formatSentAt } from '../utils/format-date';
import { deliverySpendText, sendSpendText } from '../utils/spend-text';
import { keysText, termsText } from '../utils/terms-text';
import { CompareMessages } from './compare-messages';
import { DeliveryBadge, deliveryNote } from './delivery-status';
import { DownloadButton } from './download-button';
import { RemindersToggle } from './reminders-toggle';
import { ReuseSendActions } from './reuse-send-actions';
import { RecordUpdateControl } from './record-update-control';
import { RevokeLinkControl } from './revoke-link-control';
import { SendResults } from './send-results';
import { TrackingStatus } from './tracking-status';

/** Whether the vendor's personal page link in this message still works (not revoked, not expired). */
const hasLiveLink = (delivery: SendEntry['deliveries'][number]) =>
  delivery.vendorLink !== null &&
  !delivery.vendorLink.revokedAt &&
  new Date(delivery.vendorLink.expiresAt).getTime() > Date.now();

/** 'Apr 15, 2026'; 'Not set' for none; text that is not a date as it was logged. */
const endDateText = (value: string | null) => formatEndDateShort(value) ?? (value || 'Not set');

/** The 'Deployment Details' modal: everything logged about one send, with its files and each vendor's message. */
export function DeploymentDetailsDialogContent({
  entry: listed,
  onUseAsNew,
  onAddVendors,
  isUsingAsNew = false,
}: {
  entry: SendEntry;
  onUseAsNew: () => void;
  onAddVendors: () => void;
  isUsingAsNew?: boolean;
}) {
  // Follows what vendors report while it is open (issue 14 item 6).
  const entry = useLiveSendEntry(listed);
  const { emailCards, textCards } = entry.cardDetails;
  const hasFiles = !entry.filesRemovedAt;
  const sendSpend = sendSpendText(entry);
  const { user } = useUser();
  // A message whose vendor link still works is as good as the link: the server lets only the sender and admins have it.
  const mayDownloadLiveMessages = Boolean(user?.isAdmin || user?.email === entry.sentBy);
  return (
    <DialogContent title="Deployment Details" description={formatSentAt(entry.sentAt)} className="sm:max-w-2xl">
      <div className="grid gap-5">
        {hasFiles ? (
          <ReuseSendActions onUseAsNew={onUseAsNew} onAddVendors={onAddVendors} isUsingAsNew={isUsingAsNew} />
        ) : null}
        <Section title="Send Information">
          <Fields>
            <Field label="Sent">{formatSentAt(entry.sentAt)}</Field>
            <Field label="Client">{clientNameOf(entry) ?? 'Not recorded'}</Field>
            <Field label="Sent by">{entry.sentBy}</Field>
            <Field label="Reminders" wide>
              <RemindersToggle entry={entry} />
            </Field>
            {hasFiles ? null : (
              <Field label="Files" wide>
                Removed {formatSentAt(entry.filesRemovedAt!)} at the end of the retention period
              </Field>
            )}
          </Fields>
        </Section>

        <Section title="Content Summary">
          <p className="text-sm">{cardCountsOf(entry)}</p>
          {entry.subjects.length > 0 ? (
            <ul aria-label="Subjects" className="mt-1 list-disc pl-5 text-[13px] text-slate-600">
              {entry.subjects.map((subject, index) => (
                <li key={index} className="wrap-anywhere">
                  {subject}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>

        <Section title="Recipients">
          <h4 className="text-[13px] font-medium text-slate-700">Vendors ({entry.vendors.length})</h4>
          {entry.owed ? (
            <p className="mt-1 text-sm tabular-nums">
              <span className="font-medium text-slate-700">Owed for this send:</span> {owedTotalText(entry.owed)}
            </p>
          ) : sendSpend ? (
            <p className="mt-1 text-sm tabular-nums">
              <span className="font-medium text-slate-700">Expected spend of this send:</span> {sendSpend}
            </p>
          ) : null}
          <ul aria-label="Vendors" className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
            {vendorDeliveriesOf(entry).map(({ name, delivery }) => {
              const note = delivery ? deliveryNote(delivery) : null;
              return (
                <li
                  key={delivery?.vendorId ?? name}
                  className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm"
                >
                  <span className="min-w-0 font-medium wrap-anywhere">{name}</span>
                  {delivery ? <DeliveryBadge status={delivery.status} /> : null}
                  {delivery?.tracking && delivery.status === 'sent' ? (
                    <TrackingStatus tracking={delivery.tracking} />
                  ) : null}
                  {delivery ? (
                    <span className="ml-auto flex flex-wrap items-center gap-2">
                      <RecordUpdateControl sendId={entry.id} delivery={delivery} />
                      <RevokeLinkControl sendId={entry.id} delivery={delivery} />
                      {hasFiles && (mayDownloadLiveMessages || !hasLiveLink(delivery)) ? (
                        <DownloadButton
                          label="Download .eml"
                          accessibleName={`Download .eml for ${name}`}
                          download={() => downloadVendorEml(entry.id, delivery.vendorId)}
                        />
                      ) : null}
                      {hasFiles && !mayDownloadLiveMessages && hasLiveLink(delivery) ? (
                        <span className="text-[13px] text-slate-600">
                          .eml: the sender or an admin, while its link works
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                  {delivery?.terms ? (
                    <p className="w-full text-[13px] text-slate-600 wrap-anywhere">
                      <span className="font-medium text-slate-700">Terms sent:</span>{' '}
                      <span className="tabular">{termsText(delivery.terms)}</span>
                      <span aria-hidden> · </span>
                      {keysText(delivery.terms)}
                    </p>
                  ) : null}
                  {delivery?.owed ? (
                    <p className="w-full text-[13px] font-medium text-slate-700 tabular-nums">
                      {owedLabel(delivery.owed)}
                    </p>
                  ) : delivery && deliverySpendText(delivery) ? (
                    <p className="w-full text-[13px] text-slate-600 tabular-nums">
                      <span className="font-medium text-slate-700">Expected spend:</span> {deliverySpendText(delivery)}
                    </p>
                  ) : null}
                  {delivery?.addedAt ? (
                    <p className="w-full text-[13px] text-slate-600 wrap-anywhere">
                      Added {formatSentAt(delivery.addedAt)}
                      {delivery.addedBy ? ` by ${delivery.addedBy}` : ''}
                    </p>
                  ) : null}
                  {note ? <p className="w-full text-[13px] text-slate-600 wrap-anywhere">{note}</p> : null}
                </li>
              );
            })}
          </ul>
          <h4 className="mt-3 text-[13px] font-medium text-slate-700">
            Approval Emails ({entry.approvalEmails.length})
          </h4>
          {entry.approvalEmails.length > 0 ? (
            <ul aria-label="Approval Emails" className="mt-1 flex flex-wrap gap-1.5">
              {entry.approvalEmails.map((email) => (
                <li key={email} className="rounded-md bg-slate-100 px-2 py-0.5 text-[13px] wrap-anywhere">
                  {email}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-[13px] text-slate-600">None</p>
          )}
        </Section>

        <Section title="Results">
          <SendResults sendId={entry.id} />
        </Section>

        {hasFiles && entry.deliveries.length >= 2 ? (
          <Section title="Compare Messages">
            <CompareMessages sendId={entry.id} deliveries={entry.deliveries} />
          </Section>
        ) : null}

        <Section title="Card Details">
          {emailCards.length === 0 && textCards.length === 0 ? (
            <p className="text-[13px] text-slate-600">No cards were logged.</p>
          ) : null}
          <div className="grid gap-3">
            {emailCards.map((card, index) => (
              <EmailCardDetails
                key={`email-${index}`}
                card={card}
                title={`Email Card ${index + 1}`}
                hasFiles={hasFiles}
              />
            ))}
            {textCards.map((card, index) => (
              <TextCardDetails key={`text-${index}`} card={card} title={`Text Card ${index + 1}`} hasFiles={hasFiles} />
            ))}
          </div>
        </Section>
      </div>
    </DialogContent>
  );
}

function EmailCardDetails({ card, title, hasFiles }: { card: EmailCardDetail; title: string; hasFiles: boolean }) {
  const baseName = (card.filename ?? 'email').replace(/\.html?$/i, '');
  return (
    <CardBox title={title}>
      <Fields>
        <Field label="Subject">{card.subject || 'Not set'}</Field>
        <Field label="Sender">{card.senderName || 'Not set'}</Field>
        <Field label="End Date">{endDateText(card.endDate)}</Field>
        <Field label="File Name">{card.filename || 'Not set'}</Field>
      </Fields>
      <div className="mt-3 flex flex-wrap gap-2">
        <DownloadButton
          label="Download HTML"
          disabled={!hasFiles || !card.htmlFileKey}
          download={() => downloadStoredFile(card.htmlFileKey!, 'html', card.filename || `${baseName}.html`)}
        />
        <DownloadButton
          label="Download CSV"
          disabled={!hasFiles || !card.csvFileKey}
          download={() => downloadStoredFile(card.csvFileKey!, 'csv', `${baseName}.csv`)}
        />
      </div>
    </CardBox>
  );
}

function TextCardDetails({ card, title, hasFiles }: { card: TextCardDetail; title: string; hasFiles: boolean }) {
  return (
    <CardBox title={title}>
      <Fields>
        <Field label="Sender">{card.senderName || 'Not set'}</Field>
        <Field label="End Date">{endDateText(card.endDate)}</Field>
        <Field label="Text Content" wide>
          <span className="whitespace-pre-wrap">{card.textContent || 'Not set'}</span>
        </Field>
      </Fields>
      <div className="mt-3 flex flex-wrap gap-2">
        <DownloadButton
          label="Download CSV"
          disabled={!hasFiles || !card.csvFileKey}
          download={() => downloadStoredFile(card.csvFileKey!, 'csv', 'text-links.csv')}
        />
        {hasFiles && card.imageFileKey && card.fileName ? (
          <DownloadButton
            label="Download Image"
            download={() => downloadStoredFile(card.imageFileKey!, 'image', card.fileName!)}
          />
        ) : null}
      </div>
    </CardBox>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `details-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-[13px] font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h3>
      {children}
    </section>
  );
}

function CardBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 p-3">
      <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">{children}</dl>;
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-[13px] text-slate-600">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}
