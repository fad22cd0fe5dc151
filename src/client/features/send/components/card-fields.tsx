import { FileText, ImageIcon, Sheet, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Input, Label } from '#client/components/ui/input';
import type { CsvReport } from '../hooks/use-csv-links';

export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string) => ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {hint ? <div className="mt-1 text-xs text-slate-600">{hint}</div> : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
}) {
  return (
    <Field label={label}>
      {(id) => <Input id={id} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export function EndDateField({ value, onChange }: { value: string | null; onChange(value: string | null): void }) {
  return (
    <Field label="End date">
      {(id) => (
        <Input
          id={id}
          type="date"
          value={value?.slice(0, 10) ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          className="tabular"
        />
      )}
    </Field>
  );
}

const ICONS = { html: FileText, csv: Sheet, image: ImageIcon } as const;

/** A file the card holds, with its size and a remove button. */
export function FileChip({
  kind,
  name,
  detail,
  onRemove,
}: {
  kind: keyof typeof ICONS;
  name: string;
  detail?: string;
  onRemove(): void;
}) {
  const Icon = ICONS[kind];
  return (
    <span className="inline-flex max-w-full items-center gap-2 rounded-md border border-slate-200 bg-slate-50 py-1 pl-2 pr-1 text-[13px]">
      <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
      <span className="truncate">{name}</span>
      {detail ? <span className="tabular shrink-0 text-slate-600">{detail}</span> : null}
      <button
        type="button"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
        className="rounded p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
      >
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </span>
  );
}

/** What a CSV gave: progress while it is read, then how many vendor links it held. */
export function CsvStatus({ report }: { report: CsvReport | undefined }) {
  if (!report) return null;
  if (report.status === 'parsing') {
    const percent = Math.round(report.progress * 100);
    return (
      <div className="flex items-center gap-2 text-xs text-slate-600">
        <progress aria-label="Reading CSV" max={100} value={percent} className="h-1.5 w-32 accent-brand-600" />
        <span className="tabular">Reading CSV… {percent}%</span>
      </div>
    );
  }
  if (report.status === 'error') return <p className="text-xs text-red-700">{report.message}</p>;
  const count = Object.keys(report.extraction.links).length;
  return (
    <p className="text-xs text-slate-600">
      <span className="tabular">{report.extraction.rowCount.toLocaleString('en-US')}</span> lines, links for{' '}
      <span className="tabular">{count}</span> vendor{count === 1 ? '' : 's'}
      {report.isTrimmed ? ' · over 10 MB: only its vendor links are kept with the draft and the send' : ''}
    </p>
  );
}
