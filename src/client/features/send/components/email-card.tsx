import { memo, useState } from 'react';
import { formatKb, utf8ByteLength } from '#shared/email/format';
import type { ContentWarning } from '#shared/rules/content-checks';
import { acceptAttribute, EMAIL_CARD_FILES } from '../files/accepted-files';
import type { CsvReport } from '../hooks/use-csv-links';
import type { Card, CardChanges } from '../state/send-state';
import { CardWarnings } from './card-warnings';
import { CsvStatus, EndDateField, FileChip, TextField } from './card-fields';
import { ContentCard } from './content-card';
import { DropZone } from '#client/components/drop-zone';

/**
 * A card's props keep their identity while the card, its label, CSV report and warnings are unchanged, and its handlers
 * are the page's, told which card: typing in one card draws that card alone, not the nine others.
 */
export interface CardProps {
  card: Card;
  label: string;
  globalCsvName: string | null;
  report: CsvReport | undefined;
  warnings: readonly ContentWarning[];
  onChange(cardId: string, changes: CardChanges): void;
  onFiles(card: Card, files: File[]): void;
  onRemove(cardId: string): void;
}

export const EmailCard = memo(function EmailCard({
  card,
  label,
  globalCsvName,
  report,
  warnings,
  onChange: onCardChange,
  onFiles: onCardFiles,
  onRemove: onCardRemove,
}: CardProps) {
  const onChange = (changes: CardChanges) => onCardChange(card.cardId, changes);
  const onFiles = (files: File[]) => onCardFiles(card, files);
  const onRemove = () => onCardRemove(card.cardId);
  const [isCreativeOpen, setCreativeOpen] = useState(false);
  return (
    <ContentCard
      title="Prospecting Email Details"
      label={label}
      isExpanded={card.isExpanded}
      onToggle={() => onChange({ isExpanded: !card.isExpanded })}
      onRemove={onRemove}
      summary={[card.htmlSubject, card.fileName].filter(Boolean).join(' · ')}
    >
      <DropZone
        label={`Add HTML and CSV files to ${label}`}
        hint="Drop .html or .csv files here, or press to choose"
        accept={acceptAttribute(EMAIL_CARD_FILES)}
        onFiles={onFiles}
      />
      <div className="flex flex-wrap gap-2">
        {card.fileName ? (
          <FileChip
            kind="html"
            name={card.fileName}
            detail={formatKb(utf8ByteLength(card.fileContent ?? ''))}
            onRemove={() => onChange({ fileName: null, fileContent: null })}
          />
        ) : null}
        {card.csvFileName ? (
          <FileChip
            kind="csv"
            name={card.csvFileName}
            detail={formatKb(utf8ByteLength(card.csvContent ?? ''))}
            onRemove={() => onChange({ csvFileName: null, csvContent: null, vendorLinks: {} })}
          />
        ) : globalCsvName ? (
          <span className="text-xs text-slate-600">Vendor links from {globalCsvName}</span>
        ) : null}
      </div>
      {report && (report.status !== 'done' || card.csvFileName) ? <CsvStatus report={report} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label="Subject line"
            value={card.htmlSubject}
            onChange={(htmlSubject) => onChange({ htmlSubject })}
          />
        </div>
        <TextField label="Sender name" value={card.senderName} onChange={(senderName) => onChange({ senderName })} />
        <EndDateField value={card.endDate} onChange={(endDate) => onChange({ endDate })} />
      </div>
      <CardWarnings warnings={warnings} />
      {card.fileContent ? (
        <details
          className="rounded-md border border-slate-200"
          onToggle={(event) => setCreativeOpen(event.currentTarget.open)}
        >
          <summary className="cursor-pointer px-3 py-2 text-[13px] font-medium text-slate-700">
            Creative preview
          </summary>
          {/* Uploaded HTML never runs on our origin: no scripts, no same-origin access. Only an open preview has a
              frame: ten closed ones were ten documents the browser kept up to date on every keystroke's frame. */}
          {isCreativeOpen ? (
            <iframe
              title={`Creative preview: ${card.fileName ?? label}`}
              sandbox=""
              srcDoc={card.fileContent}
              className="h-72 w-full border-t border-slate-200 bg-white"
            />
          ) : null}
        </details>
      ) : null}
    </ContentCard>
  );
});
