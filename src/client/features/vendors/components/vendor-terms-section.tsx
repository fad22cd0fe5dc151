import { useId, useState } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import { splitWording } from '#shared/payouts/terms';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { Slider } from '#client/components/ui/slider';
import type { SaveStatus as QueueStatus } from '#client/lib/autosave/save-queue';
import { useSaveQueue, type LastSave } from '#client/lib/autosave/use-save-queue';
import { RequestError } from '#client/lib/request';
import { useSaveVendorCosts, useVendorCosts } from '#client/api/vendor-costs';
import { useSaveVendorSplit, useVendorSplits } from '#client/api/vendor-splits';
import { useSaveVendorUtmSource, useVendorUtmSources } from '#client/api/vendor-utm-sources';
import {
  costDraftOf,
  costsBody,
  effectiveUtmSource,
  splitRatioOf,
  splitShare,
  type CostDraft,
  type CostField,
} from '../utils/vendor-values';

/** SPEC 9: UTM source and cost edits save 500 ms after the last keystroke; the slider saves at once. */
export const TYPING_SAVE_DELAY_MS = 500;

/** The server away or busy is worth another try; an answer about the request itself (the vendor is gone) is not. */
const isServerTrouble = (error: unknown) =>
  !(error instanceof RequestError) || error.status >= 500 || error.status === 408 || error.status === 429;

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

  const autosave = useSaveQueue({ isRetryable: isServerTrouble, onGiveUp: (_key, error) => onSaveError(error) });
  const saveUtm = (utmSource: string) =>
    autosave.queue.schedule(
      'utm-source',
      async () => void (await saveUtmSource.mutateAsync({ vendorId: vendor.vendorId, utmSource })),
      TYPING_SAVE_DELAY_MS,
    );
  const saveShare = (splitRatio: string) =>
    autosave.queue.schedule(
      'split',
      async () => void (await saveSplit.mutateAsync({ vendorId: vendor.vendorId, splitRatio })),
      0,
    );
  const saveCostDraft = (draft: CostDraft) =>
    autosave.queue.schedule(
      'costs',
      async () => void (await saveCosts.mutateAsync(costsBody(vendor.vendorId, draft))),
      TYPING_SAVE_DELAY_MS,
    );

  // Drafts start from the cached lists and then belong to this modal; refetches after a save do not overwrite typing.
  const [utmDraft, setUtmDraft] = useState<string | null>(null);
  const [shareDraft, setShareDraft] = useState<number | null>(null);
  const [costDraft, setCostDraft] = useState<CostDraft | null>(null);
  const utmSource =
    utmDraft ?? effectiveUtmSource(vendor, utmSources.data?.find((row) => row.vendorId === vendor.vendorId)?.utmSource);
  const share = shareDraft ?? splitShare(splits.data?.find((row) => row.vendorId === vendor.vendorId)?.splitRatio);
  // Whose share is whose, in the words the vendor's message uses, as the slider moves.
  const shareWording = splitWording(splitRatioOf(share));
  const costValues =
    costDraft ?? (costs.data ? costDraftOf(costs.data.find((row) => row.vendorId === vendor.vendorId)) : null);

  function changeCost(field: CostField, value: string) {
    if (!costValues) return;
    const next = { ...costValues, [field]: value };
    setCostDraft(next);
    saveCostDraft(next);
  }

  return (
    <section aria-labelledby={`${id}-terms`} className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-terms`} className="text-[13px] font-medium text-slate-700">
          Source and terms
        </h3>
        <SaveStatus status={autosave.status} lastSave={autosave.lastSave} />
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
              saveUtm(event.target.value);
            }}
            aria-describedby={`${id}-utm-hint`}
            className="font-mono text-[13px]"
          />
          <p id={`${id}-utm-hint`} className="mt-1 truncate text-xs text-slate-600">
            Default: <span className="font-mono">{vendor.defaultUtmSource || 'Not set'}</span>
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-split`}>Revshare Split</Label>
          <div className="flex h-9 items-center">
            <Slider
              id={`${id}-split`}
              min={0}
              max={100}
              step={1}
              value={share}
              aria-valuetext={shareWording}
              onChange={(event) => {
                const next = Number(event.target.value);
                setShareDraft(next);
                saveShare(splitRatioOf(next));
              }}
            />
          </div>
          <output htmlFor={`${id}-split`} className="tabular mt-1 block text-[13px] font-medium text-slate-900">
            {shareWording}
          </output>
        </div>
      </div>

      {costValues ? (
        <div className="grid grid-cols-2 gap-x-4 gap-y-3">
          {COST_PAIRS.map((pair) => (
            <div key={pair.cost} className="contents">
              <MoneyField
                id={`${id}-${pair.cost}`}
                label={pair.costLabel}
                step="0.01"
                value={costValues[pair.cost]}
                onChange={(value) => changeCost(pair.cost, value)}
              />
              <MoneyField
                id={`${id}-${pair.budget}`}
                label={pair.budgetLabel}
                step="1"
                value={costValues[pair.budget]}
                onChange={(value) => changeCost(pair.budget, value)}
              />
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

function MoneyField({
  id,
  label,
  step,
  value,
  onChange,
}: {
  id: string;
  label: string;
  step: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
        >
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

function SaveStatus({ status, lastSave }: { status: QueueStatus; lastSave: LastSave }) {
  // A failed save is not reported (SPEC 8), but the line stops claiming that everything was saved.
  const text = status === 'saving' ? 'Saving...' : status === 'saved' && lastSave === 'saved' ? 'Changes saved' : '';
  return (
    <p role="status" className="text-xs text-slate-600">
      {text}
    </p>
  );
}
