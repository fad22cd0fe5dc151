import { useId, useState } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { Slider } from '#client/components/ui/slider';
import { useSaveVendorCosts, useVendorCosts } from '#client/api/vendor-costs';
import { useSaveVendorSplit, useVendorSplits } from '#client/api/vendor-splits';
import { useSaveVendorUtmSource, useVendorUtmSources } from '#client/api/vendor-utm-sources';
import { useAutosave, type AutosaveStatus } from '../hooks/use-autosave';
import { costDraftOf, costsBody, effectiveUtmSource, splitRatioOf, splitShare, type CostDraft, type CostField } from '../utils/vendor-values';

/** SPEC 9: UTM source and cost edits save 500 ms after the last keystroke; the slider saves at once. */
export const TYPING_SAVE_DELAY_MS = 500;

const COST_PAIRS: { cost: CostField; costLabel: string; budget: CostField; budgetLabel: string }[] = [
  { cost: 'costPerDonor', costLabel: 'Cost per Donor', budget: 'cpdBudget', budgetLabel: 'CPD Budget' },
  { cost: 'costPerAcquisition', costLabel: 'Cost per Acquisition', budget: 'cpaBudget', budgetLabel: 'CPA Budget' },
  { cost: 'costPerThousand', costLabel: 'Cost per Thousand', budget: 'cpmBudget', budgetLabel: 'CPM Budget' },
];

/**
 * UTM source, revshare split and costs: anyone may change them, and each saves on its own (no Save button).
 * Failures other than 'vendor gone' are not shown (SPEC 8); the status line only claims what reached the server.
 */
export function VendorTermsSection({ vendor, onSaveError }: { vendor: Vendor; onSaveError: (error: unknown) => void }) {
  const id = useId();
  const utmSources = useVendorUtmSources();
  const splits = useVendorSplits();
  const costs = useVendorCosts();
  const saveUtmSource = useSaveVendorUtmSource();
  const saveSplit = useSaveVendorSplit();
  const saveCosts = useSaveVendorCosts();

  const utmAutosave = useAutosave((utmSource: string) => saveUtmSource.mutateAsync({ vendorId: vendor.vendorId, utmSource }), {
    delayMs: TYPING_SAVE_DELAY_MS,
    onError: onSaveError,
  });
  const splitAutosave = useAutosave((splitRatio: string) => saveSplit.mutateAsync({ vendorId: vendor.vendorId, splitRatio }), {
    delayMs: 0,
    onError: onSaveError,
  });
  const costsAutosave = useAutosave((draft: CostDraft) => saveCosts.mutateAsync(costsBody(vendor.vendorId, draft)), {
    delayMs: TYPING_SAVE_DELAY_MS,
    onError: onSaveError,
  });

  // Drafts start from the cached lists and then belong to this modal; refetches after a save do not overwrite typing.
  const [utmDraft, setUtmDraft] = useState<string | null>(null);
  const [shareDraft, setShareDraft] = useState<number | null>(null);
  const [costDraft, setCostDraft] = useState<CostDraft | null>(null);
  const utmSource =
    utmDraft ?? effectiveUtmSource(vendor, utmSources.data?.find((row) => row.vendorId === vendor.vendorId)?.utmSource);
  const share = shareDraft ?? splitShare(splits.data?.find((row) => row.vendorId === vendor.vendorId)?.splitRatio);
  const costValues = costDraft ?? (costs.data ? costDraftOf(costs.data.find((row) => row.vendorId === vendor.vendorId)) : null);

  function changeCost(field: CostField, value: string) {
    if (!costValues) return;
    const next = { ...costValues, [field]: value };
    setCostDraft(next);
    costsAutosave.schedule(next);
  }

  return (
    <section aria-labelledby={`${id}-terms`} className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-terms`} className="text-[13px] font-medium text-slate-700">
          Source and terms
        </h3>
        <SaveStatus statuses={[utmAutosave.status, splitAutosave.status, costsAutosave.status]} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-utm`}>UTM Source</Label>
          <Input
            id={`${id}-utm`}
            autoComplete="off"
            placeholder={vendor.defaultUtmSource}
            value={utmSource}
            onChange={(event) => {
              setUtmDraft(event.target.value);
              utmAutosave.schedule(event.target.value);
            }}
            aria-describedby={`${id}-utm-hint`}
            className="font-mono text-[13px]"
          />
          <p id={`${id}-utm-hint`} className="mt-1 truncate text-xs text-slate-600">
            Default: <span className="font-mono">{vendor.defaultUtmSource || 'Not set'}</span>
          </p>
        </div>
        <div>
          <div className="mb-1 flex items-baseline justify-between">
            <Label htmlFor={`${id}-split`} className="mb-0">
              Revshare Split
            </Label>
            <output htmlFor={`${id}-split`} className="tabular text-sm font-semibold text-slate-900">
              {splitRatioOf(share)}
            </output>
          </div>
          <div className="flex h-9 items-center">
            <Slider
              id={`${id}-split`}
              min={0}
              max={100}
              step={1}
              value={share}
              aria-valuetext={splitRatioOf(share)}
              onChange={(event) => {
                const next = Number(event.target.value);
                setShareDraft(next);
                splitAutosave.schedule(splitRatioOf(next));
              }}
            />
          </div>
        </div>
      </div>

      {costValues ? (
        <div className="grid grid-cols-2 gap-x-4 gap-y-3">
          {COST_PAIRS.map((pair) => (
            <div key={pair.cost} className="contents">
              <MoneyField id={`${id}-${pair.cost}`} label={pair.costLabel} step="0.01" value={costValues[pair.cost]} onChange={(value) => changeCost(pair.cost, value)} />
              <MoneyField id={`${id}-${pair.budget}`} label={pair.budgetLabel} step="1" value={costValues[pair.budget]} onChange={(value) => changeCost(pair.budget, value)} />
            </div>
          ))}
        </div>
      ) : costs.isError ? (
        <p className="text-sm text-red-700">Could not load costs.</p>
      ) : (
        <div role="status" className="grid grid-cols-2 gap-3">
          <span className="sr-only">Loading...</span>
          {COST_PAIRS.flatMap((pair) => [pair.cost, pair.budget]).map((field) => (
            <Skeleton key={field} className="h-14" />
          ))}
        </div>
      )}
    </section>
  );
}

function MoneyField({ id, label, step, value, onChange }: { id: string; label: string; step: string; value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
          $
        </span>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="tabular pl-6 invalid:border-red-400"
        />
      </div>
    </div>
  );
}

function SaveStatus({ statuses }: { statuses: AutosaveStatus[] }) {
  // A failed save is not reported (SPEC 8), but the line stops claiming that everything was saved.
  const text = statuses.includes('saving')
    ? 'Saving...'
    : statuses.includes('saved') && !statuses.includes('failed')
      ? 'Changes saved'
      : '';
  return (
    <p role="status" className="text-xs text-slate-600">
      {text}
    </p>
  );
}
