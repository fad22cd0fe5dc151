import { memo } from 'react';
import { base64ByteLength, formatKb, utf8ByteLength } from '#shared/email/format';
import { smsStats } from '#shared/rules/sms-length';
import { Textarea } from '#client/components/ui/input';
import { acceptAttribute, TEXT_CARD_FILES } from '../files/accepted-files';
import { CardWarnings } from './card-warnings';
import { CsvStatus, EndDateField, Field, FileChip, TextField } from './card-fields';
import { ContentCard } from './content-card';
import { DropZone } from '#client/components/drop-zone';
import type { CardChanges } from '../state/send-state';
import type { CardProps } from './email-card';

export const TextCard = memo(function TextCard({
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
  const stats = smsStats(card.textCopy);
  return (
    <ContentCard
      title="Prospecting Text Details"
      label={label}
      isExpanded={card.isExpanded}
      onToggle={() => onChange({ isExpanded: !card.isExpanded })}
      onRemove={onRemove}
      summary={card.textCopy.slice(0, 80)}
    >
      <DropZone
        label={`Add CSV and image files to ${label}`}
        hint="Drop a .csv and an image (.png, .jpg, .gif, .webp) here, or press to choose"
        accept={acceptAttribute(TEXT_CARD_FILES)}
        onFiles={onFiles}
      />
      <div className="flex flex-wrap items-center gap-2">
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
        {card.imageFileName && card.imageContent ? (
          <>
            <img
              src={`data:${card.imageContentType};base64,${card.imageContent}`}
              alt={`Image for ${label}`}
              className="h-10 w-10 rounded border border-slate-200 object-cover"
            />
            <FileChip
              kind="image"
              name={card.imageFileName}
              detail={formatKb(base64ByteLength(card.imageContent))}
              onRemove={() => onChange({ imageFileName: null, imageContent: null, imageContentType: null })}
            />
          </>
        ) : null}
      </div>
      {report && (report.status !== 'done' || card.csvFileName) ? <CsvStatus report={report} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Sender name" value={card.senderName} onChange={(senderName) => onChange({ senderName })} />
        <EndDateField value={card.endDate} onChange={(endDate) => onChange({ endDate })} />
        <div className="sm:col-span-2">
          <Field
            label="Text copy"
            hint={
              <span className="tabular">
                {stats.length} characters · {stats.segments} SMS segment{stats.segments === 1 ? '' : 's'} (
                {stats.encoding})
              </span>
            }
          >
            {(id) => (
              <Textarea
                id={id}
                value={card.textCopy}
                rows={4}
                onChange={(e) => onChange({ textCopy: e.target.value })}
              />
            )}
          </Field>
        </div>
      </div>
      <CardWarnings warnings={warnings} />
    </ContentCard>
  );
});
