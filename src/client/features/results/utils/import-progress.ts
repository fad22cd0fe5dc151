/** The figures of the progress bar while a file uploads, from the upload's progress events and the preview. */

export interface ProgressFigures {
  /** 0..100, whole. */
  percent: number;
  /** '12.3 MB of 140.0 MB'. */
  bytesText: string;
  /** 'about 52,000 rows/s', or null before a rate can be told. */
  rateText: string | null;
}

const MB = 1024 * 1024;
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * The file's bytes per row, from what the preview read: the bytes sent (the first 256 KB, or the whole of a smaller
 * file) over the rows the server counted in them plus the header line. An estimate; the server counts the real rows.
 */
export function bytesPerRow(previewBytes: number, previewRows: number): number | null {
  return previewRows > 0 && previewBytes > 0 ? previewBytes / (previewRows + 1) : null;
}

export function progressFigures(
  loaded: number,
  total: number,
  elapsedMs: number,
  rowBytes: number | null,
): ProgressFigures {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const rate = rowBytes !== null && elapsedMs >= 250 && loaded > 0 ? loaded / rowBytes / (elapsedMs / 1000) : null;
  return {
    percent,
    bytesText: `${formatBytes(loaded)} of ${formatBytes(total)}`,
    rateText: rate === null ? null : `about ${grouped.format(rate)} rows/s`,
  };
}
