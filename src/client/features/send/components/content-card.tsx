import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { BinButton } from '#client/components/ui/bin-button';
import { Button } from '#client/components/ui/button';
import { Tooltip } from '#client/components/ui/tooltip';

/** The frame of a content card: title, collapse and remove. */
export function ContentCard({
  title,
  label,
  isExpanded,
  onToggle,
  onRemove,
  summary,
  children,
}: {
  title: string;
  label: string;
  isExpanded: boolean;
  onToggle(): void;
  onRemove(): void;
  summary?: string;
  children: ReactNode;
}) {
  const bodyId = useId();
  return (
    <section
      aria-label={`${title} (${label})`}
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white"
    >
      <div className="flex items-center gap-2 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold">
            {title} <span className="font-normal text-slate-600">· {label}</span>
          </h3>
          {!isExpanded && summary ? <p className="truncate text-xs text-slate-600">{summary}</p> : null}
        </div>
        <Tooltip content={isExpanded ? 'Collapse' : 'Expand'} side="top">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${label}`}
            aria-expanded={isExpanded}
            aria-controls={bodyId}
            onClick={onToggle}
          >
            {isExpanded ? (
              <ChevronUp aria-hidden className="h-4 w-4" />
            ) : (
              <ChevronDown aria-hidden className="h-4 w-4" />
            )}
          </Button>
        </Tooltip>
        <BinButton tooltip="Remove" label={`Remove ${label}`} side="top" onClick={onRemove} />
      </div>
      {isExpanded ? (
        <div id={bodyId} className="grid gap-4 border-t border-slate-100 px-4 py-4">
          {children}
        </div>
      ) : null}
    </section>
  );
}
