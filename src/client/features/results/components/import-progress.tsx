import { progressFigures } from '../utils/import-progress';

export interface ProgressState {
  loaded: number;
  total: number;
  elapsedMs: number;
}

/** The upload's progress bar: bytes sent and the rows per second they stand for (estimated from the preview). */
export function ImportProgress({ progress, rowBytes }: { progress: ProgressState; rowBytes: number | null }) {
  const figures = progressFigures(progress.loaded, progress.total, progress.elapsedMs, rowBytes);
  const isUploaded = progress.total > 0 && progress.loaded >= progress.total;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={figures.percent}
        aria-valuetext={`${figures.percent}%, ${figures.bytesText}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-150 motion-reduce:transition-none"
          style={{ width: `${figures.percent}%` }}
        />
      </div>
      <p className="text-[13px] text-slate-600 tabular-nums">
        {figures.bytesText}
        {figures.rateText ? ` · ${figures.rateText}` : ''}
        {isUploaded ? ' · Uploaded; the server is finishing the import...' : ''}
      </p>
    </div>
  );
}
