import { useId } from 'react';
import { Label } from '#client/components/ui/input';
import { MAPPING_FIELDS, type MappingDraft } from '../utils/mapping-fields';

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/**
 * For a file that is not ActBlue's: which column holds what. Prefilled from the client's saved mapping; the server
 * saves it again with the import.
 */
export function MappingStep({
  columns,
  draft,
  onChange,
}: {
  columns: string[];
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-[var(--radius-card)] border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Which column holds what</legend>
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
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
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
          {columns.map((column) => (
            <label key={column} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={draft.codes.includes(column)}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    codes: event.target.checked
                      ? [...draft.codes, column]
                      : draft.codes.filter((code) => code !== column),
                  })
                }
              />
              <span className="wrap-anywhere">{column}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
