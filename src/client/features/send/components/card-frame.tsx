import type { ReactNode } from 'react';
import { formatKb, utf8ByteLength } from '#shared/email/format';
import type { ContentWarning } from '#shared/rules/content-checks';
import { DropZone } from '#client/components/drop-zone';
import type { CsvReport } from '../hooks/use-csv-links';
import type { Card, CardChanges } from '../state/send-state';
import { CsvStatus, FileChip } from './card-fields';
import { ContentCard } from './content-card';

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

/** The page's handlers, told which card. */
export function cardHandlers({ card, onChange, onFiles, onRemove }: CardProps) {
  return {
    onChange: (changes: CardChanges) => onChange(card.cardId, changes),
    onFiles: (files: File[]) => onFiles(card, files),
    onRemove: () => onRemove(card.cardId),
  };
}

/**
 * What both kinds of card open with: the frame (title, collapse, remove), the drop zone, the files the card holds and
 * how its CSV was read (while it is read, or when the CSV is the card's own).
 */
export function CardFrame({
  props,
  title,
  summary,
  drop,
  files,
  children,
}: {
  props: CardProps;
  title: string;
  summary: string;
  drop: { label: string; hint: string; accept: string };
  files: ReactNode;
  children: ReactNode;
}) {
  const { card, label, report } = props;
  const { onChange, onFiles, onRemove } = cardHandlers(props);
  return (
    <ContentCard
      title={title}
      label={label}
      isExpanded={card.isExpanded}
      onToggle={() => onChange({ isExpanded: !card.isExpanded })}
      onRemove={onRemove}
      summary={summary}
    >
      <DropZone {...drop} onFiles={onFiles} />
      {files}
      {report && (report.status !== 'done' || card.csvFileName) ? <CsvStatus report={report} /> : null}
      {children}
    </ContentCard>
  );
}

/** The card's own CSV (removing it drops its vendor links), or the page's CSV its links come from. */
export function CsvChip({ props }: { props: CardProps }) {
  const { card, globalCsvName } = props;
  const { onChange } = cardHandlers(props);
  return card.csvFileName ? (
    <FileChip
      kind="csv"
      name={card.csvFileName}
      detail={formatKb(utf8ByteLength(card.csvContent ?? ''))}
      onRemove={() => onChange({ csvFileName: null, csvContent: null, vendorLinks: {} })}
    />
  ) : globalCsvName ? (
    <span className="text-xs text-slate-600">Vendor links from {globalCsvName}</span>
  ) : null;
}
