import { useId } from 'react';
import { columnReferences, MAPPING_PRESETS, presetMapping } from '#shared/results/columns';
import { Label } from '#client/components/ui/input';
import { draftFrom, MAPPING_FIELDS, type MappingDraft } from '../utils/mapping-fields';

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** A column as the step names it: its position, its name, and the first values under it. */
function columnLabel(index: number, name: string, samples: readonly string[][]): string {
  const values = samples.map((row) => row[index] ?? '').filter((value) => value.trim() !== '');
  return `${index + 1}. ${name}${values.length > 0 ? ` (${values.join(', ')})` : ''}`;
}

/**
 * For a file that is not ActBlue's: which column holds what. Prefilled from the client's saved mapping, or from a
 * preset (WinRed's or Anedot's export); the server saves it again with the import. Every column is offered by its
 * position, with sample values, so that two columns of one name (WinRed's 'agency') can each be chosen.
 */
export function MappingStep({
  columns,
  samples,
  draft,
  onChange,
}: {
  columns: string[];
  samples: string[][];
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
}) {
  const id = useId();
  const references = columnReferences(columns);
  return (
    <fieldset className="grid gap-3 rounded-[var(--radius-card)] border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Which column holds what</legend>
      <div className="max-w-sm">
        <Label htmlFor={`${id}-preset`}>Start from a preset</Label>
        <select
          id={`${id}-preset`}
          className={selectClass}
          value=""
          onChange={(event) => {
            const preset = MAPPING_PRESETS.find((candidate) => candidate.id === event.target.value);
            if (preset) onChange(draftFrom(presetMapping(columns, preset), references));
          }}
        >
          <option value="">Choose a platform's export</option>
          {MAPPING_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {MAPPING_FIELDS.map(({ field, label, isRequired }) => (
          <div key={field} className="min-w-0">
            <Label htmlFor={`${id}-${field}`}>
              {label}
              {isRequired ? <span className="text-slate-500"> (required)</span> : null}
            </Label>
            <select
              id={`${id}-${field}`}
              className={selectClass}
              value={draft[field]}
              required={isRequired}
              onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
            >
              <option value="">{isRequired ? 'Choose a column' : 'Not in this file'}</option>
              {references.map((reference, index) => (
                <option key={reference} value={reference}>
                  {columnLabel(index, columns[index] ?? '', samples)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <fieldset className="min-w-0">
        <legend className="mb-1 text-[13px] font-medium text-slate-700">
          Code columns (source or reference codes)
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {references.map((reference, index) => (
            <label key={reference} className="inline-flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={draft.codes.includes(reference)}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    codes: event.target.checked
                      ? [...draft.codes, reference]
                      : draft.codes.filter((code) => code !== reference),
                  })
                }
              />
              <span className="wrap-anywhere">{columnLabel(index, columns[index] ?? '', samples)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
