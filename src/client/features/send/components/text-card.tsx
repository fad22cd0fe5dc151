import { memo } from 'react';
import { base64ByteLength, formatKb } from '#shared/email/format';
import { smsStats } from '#shared/rules/sms-length';
import { Textarea } from '#client/components/ui/input';
import { acceptAttribute, TEXT_CARD_FILES } from '../files/accepted-files';
import { CardWarnings } from './card-warnings';
import { EndDateField, Field, FileChip, TextField } from './card-fields';
import { CardFrame, cardHandlers, CsvChip, type CardProps } from './card-frame';

export const TextCard = memo(function TextCard(props: CardProps) {
  const { card, label, warnings } = props;
  const { onChange } = cardHandlers(props);
  const stats = smsStats(card.textCopy);
  return (
    <CardFrame
      props={props}
      title="Prospecting Text Details"
      summary={card.textCopy.slice(0, 80)}
      drop={{
        label: `Add CSV and image files to ${label}`,
        hint: 'Drop a .csv and an image (.png, .jpg, .gif, .webp) here, or press to choose',
        accept: acceptAttribute(TEXT_CARD_FILES),
      }}
      files={
        <div className="flex flex-wrap items-center gap-2">
          <CsvChip props={props} />
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
      }
    >
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
    </CardFrame>
  );
});
