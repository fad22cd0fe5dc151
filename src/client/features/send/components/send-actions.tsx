import { CheckCircle2, CloudOff, Loader2, Send } from 'lucide-react';
import { PRICING_MODELS, type PricingModel } from '#shared/contracts/vendor-terms';
import { Button } from '#client/components/ui/button';
import type { SaveStatus } from '#client/lib/autosave/save-queue';

const SAVE_LABELS: Record<Exclude<SaveStatus, 'refused'>, string> = {
  saved: 'All changes saved',
  saving: 'Saving...',
  retrying: 'Saving... (retrying)',
  failing: 'Not saved yet: retrying',
};

export function SendActions({
  pricingModel,
  onPricingModel,
  saveStatus,
  notSavedReason,
  vendorCount,
  isSending,
  isReady,
  isLoaded,
  onSend,
}: {
  pricingModel: PricingModel;
  onPricingModel(model: PricingModel): void;
  saveStatus: SaveStatus;
  /** Why the server refused a change for good ('refused'): it stays unsaved until a later save of it goes through. */
  notSavedReason: string | null;
  vendorCount: number;
  isSending: boolean;
  isReady: boolean;
  /** Until the saved work has loaded, a choice made here would be overwritten by it: the controls wait. */
  isLoaded: boolean;
  onSend(): void;
}) {
  const isUnsaved = saveStatus === 'failing' || saveStatus === 'refused';
  return (
    <>
      <span
        role="status"
        className={
          isUnsaved ? 'flex items-center gap-1 text-xs text-red-700' : 'flex items-center gap-1 text-xs text-slate-600'
        }
      >
        {saveStatus === 'saved' ? (
          <CheckCircle2 aria-hidden className="h-3.5 w-3.5 text-green-700" />
        ) : isUnsaved ? (
          <CloudOff aria-hidden className="h-3.5 w-3.5 shrink-0" />
        ) : (
          <Loader2 aria-hidden className="h-3.5 w-3.5 animate-spin" />
        )}
        {saveStatus === 'refused' ? `Not saved: ${notSavedReason}` : SAVE_LABELS[saveStatus]}
      </span>
      <label className="flex items-center gap-2 text-[13px] text-slate-700">
        <span className="sr-only sm:not-sr-only">Pricing model</span>
        <select
          aria-label="Pricing model"
          value={pricingModel}
          disabled={!isLoaded}
          onChange={(event) => onPricingModel(event.target.value as PricingModel)}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {PRICING_MODELS.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </label>
      {/* aria-disabled rather than disabled: a click on an incomplete send says what is missing. */}
      <Button
        variant="send"
        onClick={onSend}
        disabled={isSending || !isLoaded}
        aria-disabled={!isReady || isSending}
        data-ready={isReady}
        className={!isReady ? 'opacity-60' : undefined}
      >
        <Send aria-hidden className="h-4 w-4" />
        {isSending ? 'Sending...' : `Send to ${vendorCount} Vendor(s)`}
      </Button>
    </>
  );
}
