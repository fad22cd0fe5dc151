import { useCallback } from 'react';
import { MAX_HTML_OR_CSV_BYTES, MAX_IMAGE_BYTES } from '#shared/contracts/limits';
import { imageTypeOf } from '#shared/file-kinds';
import { toast } from '#client/components/ui/use-toast';
import { EMAIL_CARD_FILES, fileKind, invalidFileMessage, readAsBase64, TEXT_CARD_FILES } from '../files/accepted-files';
import type { Card, CardChanges } from '../state/send-state';

const MB = 1024 * 1024;
const tooLarge = (name: string, limit: number) =>
  toast({
    title: 'File too large',
    description: `${name} is over ${limit / MB} MB, the most a vendor email can carry.`,
    variant: 'destructive',
  });

/** Reads dropped or chosen files into a card: HTML as text, CSV through link extraction, images as base64. */
export function useCardFiles(
  updateCard: (cardId: string, changes: CardChanges) => void,
  loadCsv: (cardId: string, file: File) => Promise<void>,
) {
  return useCallback(
    async (card: Card, files: File[]) => {
      const accepted = card.cardType === 'email' ? EMAIL_CARD_FILES : TEXT_CARD_FILES;
      for (const file of files) {
        const kind = fileKind(file.name, accepted);
        if (!kind) {
          toast({
            title: 'Invalid file type',
            description: invalidFileMessage(file.name, accepted, files.length === 1),
            variant: 'destructive',
          });
          continue;
        }
        if (kind === 'html') {
          if (file.size > MAX_HTML_OR_CSV_BYTES) {
            tooLarge(file.name, MAX_HTML_OR_CSV_BYTES);
            continue;
          }
          try {
            updateCard(card.cardId, { fileName: file.name, fileContent: await file.text() });
          } catch {
            toast({
              title: 'Error reading file',
              description: 'Could not read the HTML file content.',
              variant: 'destructive',
            });
          }
        } else if (kind === 'csv') {
          void loadCsv(card.cardId, file);
        } else {
          if (file.size > MAX_IMAGE_BYTES) {
            tooLarge(file.name, MAX_IMAGE_BYTES);
            continue;
          }
          try {
            updateCard(card.cardId, {
              imageFileName: file.name,
              imageContent: await readAsBase64(file),
              imageContentType: file.type || imageTypeOf(file.name),
            });
          } catch {
            toast({ title: 'Error reading file', description: `Could not read ${file.name}.`, variant: 'destructive' });
          }
        }
      }
    },
    [loadCsv, updateCard],
  );
}
