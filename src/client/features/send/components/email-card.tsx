import { memo, useState } from 'react';
import { formatKb, utf8ByteLength } from '#shared/email/format';
import { acceptAttribute, EMAIL_CARD_FILES } from '../files/accepted-files';
import { CardWarnings } from './card-warnings';
import { EndDateField, FileChip, TextField } from './card-fields';
import { CardFrame, cardHandlers, CsvChip, type CardProps } from './card-frame';

export const EmailCard = memo(function EmailCard(props: CardProps) {
  const { card, label, warnings } = props;
  const { onChange } = cardHandlers(props);
  const [isCreativeOpen, setCreativeOpen] = useState(false);
  return (
    <CardFrame
      props={props}
      title="Prospecting Email Details"
      summary={[card.htmlSubject, card.fileName].filter(Boolean).join(' · ')}
      drop={{
        label: `Add HTML and CSV files to ${label}`,
        hint: 'Drop .html or .csv files here, or press to choose',
        accept: acceptAttribute(EMAIL_CARD_FILES),
      }}
      files={
        <div className="flex flex-wrap gap-2">
          {card.fileName ? (
            <FileChip
              kind="html"
              name={card.fileName}
              detail={formatKb(utf8ByteLength(card.fileContent ?? ''))}
              onRemove={() => onChange({ fileName: null, fileContent: null })}
            />
          ) : null}
          <CsvChip props={props} />
        </div>
      }
    >
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
    </CardFrame>
  );
});
