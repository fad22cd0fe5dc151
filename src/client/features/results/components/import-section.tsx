import { useEffect, useRef, useState } from 'react';
import type { ResultsImportCounts } from '#shared/contracts/results';
import { columnReferences } from '#shared/results/columns';
import { DropZone } from '#client/components/drop-zone';
import { Button } from '#client/components/ui/button';
import { messageOf } from '#client/lib/request';
import { useImportFile } from '../api/import-file';
import { PREVIEW_BYTES, useResultsPreview } from '../api/preview';
import { bytesPerRow, formatBytes } from '../utils/import-progress';
import { draftFrom, mappingFrom, type MappingDraft } from '../utils/mapping-fields';
import { ImportProgress, type ProgressState } from './import-progress';
import { MappingStep } from './mapping-step';
import { Panel, ErrorNote } from './panel';
import { PreviewTable } from './preview-table';

const count = new Intl.NumberFormat('en-US');

const FORMAT_TEXT = {
  actblue: 'ActBlue contribution export: its columns map themselves.',
  mapped: 'Columns as mapped below.',
  unknown: "Not ActBlue's columns: choose which column holds what.",
} as const;

/** 'Imported 1,200 rows: 1,150 added, …' from the 201's counts, with its reversals and the rows skipped and why. */
function importedText(counts: ResultsImportCounts): string {
  return (
    `Imported ${count.format(counts.rows)} rows: ${count.format(counts.added)} added, ${count.format(counts.updated)} updated, ` +
    `${count.format(counts.unchanged)} unchanged; ${count.format(counts.matched)} matched, ${count.format(counts.unmatched)} unmatched, ` +
    `${count.format(counts.outsideWindow)} outside the window, ${count.format(counts.refunded)} refunded` +
    ` (${count.format(counts.reversals)} refund or chargeback rows); ${count.format(counts.skipped)} skipped` +
    `${counts.skippedReason ? `: ${counts.skippedReason}` : ''}.`
  );
}

/**
 * Choose a file, see how its first rows would be attributed (after the mapping step for a file that is not
 * ActBlue's), then import it: the whole file is uploaded as it is, with a progress bar; the browser parses only the
 * preview's first 256 KB, on the server.
 */
export function ImportSection({ client }: { client: string }) {
  const [chosen, setChosen] = useState<{ key: number; blob: File } | null>(null);
  const [edited, setEdited] = useState<{ key: number; draft: MappingDraft } | null>(null);
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [imported, setImported] = useState<ResultsImportCounts | null>(null);
  const nextKey = useRef(1);
  const upload = useRef<AbortController | null>(null);
  const importFile = useImportFile();

  // Leaving the screen stops an upload under way.
  useEffect(() => () => upload.current?.abort(), []);

  const detected = useResultsPreview(client, chosen, null);
  const needsMapping = detected.data?.format === 'unknown';
  const columns = detected.data?.columns ?? [];
  const draft =
    chosen && edited?.key === chosen.key
      ? edited.draft
      : needsMapping
        ? draftFrom(detected.data?.mapping ?? null, columnReferences(columns))
        : null;
  const mapping = draft ? mappingFrom(draft) : null;
  const mapped = useResultsPreview(client, chosen, mapping, needsMapping && mapping !== null);
  const preview = needsMapping ? (mapping ? mapped.data : undefined) : detected.data;
  const previewError = detected.error ?? (needsMapping && mapping ? mapped.error : null);
  const canImport = Boolean(chosen && preview && preview.format !== 'unknown' && !importFile.isPending);
  const rowBytes =
    chosen && preview ? bytesPerRow(Math.min(chosen.blob.size, PREVIEW_BYTES), preview.counts.rows) : null;

  function choose(files: File[]) {
    const file = files[0];
    if (!file || importFile.isPending) return;
    importFile.reset();
    setImported(null);
    setChosen({ key: nextKey.current++, blob: file });
  }

  function startImport() {
    if (!chosen || !canImport) return;
    const controller = new AbortController();
    upload.current = controller;
    const startedAt = performance.now();
    setProgress({ loaded: 0, total: chosen.blob.size, elapsedMs: 0 });
    importFile.mutate(
      {
        client,
        file: chosen.blob,
        mapping: needsMapping ? mapping : null,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress({ loaded, total, elapsedMs: performance.now() - startedAt }),
      },
      {
        onSuccess: (counts) => {
          setImported(counts);
          setChosen(null);
          setEdited(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  return (
    <Panel
      title="Import results"
      description="A contribution export (CSV) from ActBlue, or from another platform with its columns mapped."
    >
      <div className="grid gap-3">
        <DropZone
          label={chosen ? `Chosen: ${chosen.blob.name} (${formatBytes(chosen.blob.size)})` : 'Choose a results file'}
          hint="Drop a CSV file here, or press Enter to choose one"
          accept=".csv,text/csv"
          multiple={false}
          onFiles={choose}
        />
        {imported ? (
          <p role="status" className="rounded-[var(--radius-card)] bg-green-50 px-3 py-2 text-sm text-green-900">
            {importedText(imported)}
          </p>
        ) : null}
        {importFile.isError ? (
          <ErrorNote>
            {importFile.error instanceof DOMException && importFile.error.name === 'AbortError'
              ? 'The import was stopped; nothing was imported.'
              : messageOf(importFile.error, 'The file could not be imported. Please try again.')}
          </ErrorNote>
        ) : null}
        {previewError ? (
          <ErrorNote>{messageOf(previewError, 'The file could not be previewed. Please try again.')}</ErrorNote>
        ) : null}
        {chosen && detected.isPending ? <p className="text-sm text-slate-600">Reading the file...</p> : null}
        {chosen && detected.data ? (
          <p className="text-sm">
            <span className="font-medium">Detected format:</span>{' '}
            {detected.data.format === 'unknown' && detected.data.mapping
              ? "Not ActBlue's columns: the client's saved mapping is filled in below."
              : FORMAT_TEXT[detected.data.format]}
          </p>
        ) : null}
        {chosen && needsMapping && draft ? (
          <MappingStep
            columns={columns}
            samples={detected.data?.samples ?? []}
            draft={draft}
            onChange={(next) => setEdited({ key: chosen.key, draft: next })}
          />
        ) : null}
        {chosen && needsMapping && !mapping ? (
          <p className="text-sm text-slate-600">
            Choose the contribution id, date and amount columns to see a preview.
          </p>
        ) : null}
        {chosen && preview ? <PreviewTable preview={preview} /> : null}
        {progress ? <ImportProgress progress={progress} rowBytes={rowBytes} /> : null}
        {chosen ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={startImport} disabled={!canImport}>
              {importFile.isPending ? 'Importing...' : 'Import'}
            </Button>
            {importFile.isPending ? (
              <Button variant="secondary" onClick={() => upload.current?.abort()}>
                Stop
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
