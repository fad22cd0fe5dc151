import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { cn } from '#client/lib/cn';

/** A zone that takes dropped files, and opens the file picker on click, Enter or Space. */
export function DropZone({
  label,
  hint,
  accept,
  multiple = true,
  onFiles,
}: {
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
}) {
  const [isOver, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  }

  return (
    <div
      role="button"
      tabIndex={0}
      aria-describedby={hintId}
      data-dragover={isOver}
      onClick={() => inputRef.current?.click()}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-[var(--radius-card)] border-2 border-dashed px-4 py-5 text-center transition-colors duration-150',
        isOver
          ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-100'
          : 'border-slate-300 bg-slate-50 hover:border-slate-400',
      )}
    >
      <Upload aria-hidden className={cn('h-5 w-5', isOver ? 'text-brand-600' : 'text-slate-500')} />
      <span className="text-sm font-medium text-slate-800">{label}</span>
      <span id={hintId} className="text-xs text-slate-600">
        {hint}
      </span>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
