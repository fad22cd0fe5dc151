import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MAX_HTML_OR_CSV_BYTES } from '#shared/contracts/limits';
import { effectiveUtmSources, type LinkExtraction } from '#shared/rules/link-collector';
import type { Vendor, VendorUtmSource } from '#shared/contracts/vendors';
import { toast } from '#client/components/ui/use-toast';
import type { Card, CardChanges } from '../state/send-state';
import { extractLinksInWorker } from '../workers/extract-links';

export type CsvReport =
  | { status: 'parsing'; progress: number }
  | { status: 'done'; extraction: LinkExtraction; isTrimmed: boolean }
  | { status: 'error'; message: string };

/** A CSV too large to keep with the draft is kept as the links it holds, which extraction reads back the same way. */
export function linksOnlyCsv(links: Record<string, string>): string {
  return ['link', ...Object.values(links).map((link) => `"${link.replaceAll('"', '""')}"`)].join('\n');
}

/**
 * Reads vendor links from each card's CSV in a Web Worker, and reads them again whenever the vendors' UTM sources
 * change, so the links always match the vendors as they are now.
 */
export function useCsvLinks(
  cards: readonly Card[],
  vendors: readonly Vendor[],
  overrides: readonly VendorUtmSource[],
  isReady: boolean,
  updateCard: (cardId: string, changes: CardChanges) => void,
) {
  const [reports, setReports] = useState<Record<string, CsvReport>>({});
  const vendorsKey = useMemo(() => JSON.stringify(effectiveUtmSources(vendors, overrides)), [vendors, overrides]);
  const extractedWith = useRef(new Map<string, string>());
  const latestJob = useRef(new Map<string, number>());

  const extract = useCallback(
    async (cardId: string, source: File | string, fileName: string | null, isNewFile: boolean) => {
      const job = (latestJob.current.get(cardId) ?? 0) + 1;
      latestJob.current.set(cardId, job);
      extractedWith.current.set(cardId, vendorsKey);
      setReports((current) => ({ ...current, [cardId]: { status: 'parsing', progress: 0 } }));
      try {
        const { extraction, byteSize } = await extractLinksInWorker(source, JSON.parse(vendorsKey), (progress) => {
          if (latestJob.current.get(cardId) === job)
            setReports((current) => ({ ...current, [cardId]: { status: 'parsing', progress } }));
        });
        if (latestJob.current.get(cardId) !== job) return;
        const isTrimmed = byteSize > MAX_HTML_OR_CSV_BYTES;
        const changes: CardChanges = { vendorLinks: extraction.links };
        if (isNewFile) {
          changes.csvFileName = fileName;
          // Only a file small enough to keep with the draft is read here, after the worker found it readable.
          changes.csvContent = isTrimmed
            ? linksOnlyCsv(extraction.links)
            : typeof source === 'string'
              ? source
              : await source.text();
          if (latestJob.current.get(cardId) !== job) return;
        }
        setReports((current) => ({ ...current, [cardId]: { status: 'done', extraction, isTrimmed } }));
        updateCard(cardId, changes);
      } catch (error) {
        if (latestJob.current.get(cardId) !== job) return;
        const message =
          error instanceof Error ? error.message : 'Error parsing CSV: Could not parse the CSV file content.';
        setReports((current) => ({ ...current, [cardId]: { status: 'error', message } }));
        if (isNewFile)
          toast({
            title: 'Error parsing CSV',
            description: 'Could not parse the CSV file content.',
            variant: 'destructive',
          });
      }
    },
    [updateCard, vendorsKey],
  );

  // Saved CSVs are read again on load and whenever a vendor's UTM source changes.
  useEffect(() => {
    if (!isReady) return;
    for (const card of cards) {
      if (card.csvContent && extractedWith.current.get(card.cardId) !== vendorsKey) {
        void extract(card.cardId, card.csvContent, card.csvFileName, false);
      }
    }
  }, [cards, extract, isReady, vendorsKey]);

  const loadCsv = useCallback((cardId: string, file: File) => extract(cardId, file, file.name, true), [extract]);

  const forget = useCallback((cardId: string) => {
    latestJob.current.delete(cardId);
    extractedWith.current.delete(cardId);
    setReports(({ [cardId]: _removed, ...rest }) => rest);
  }, []);

  return { reports, loadCsv, forget };
}
