import { createHash } from 'node:crypto';
import type { SendBody } from '#shared/contracts/send';
import type { EmailCardDetail, TextCardDetail } from '#shared/contracts/sends';
import {
  CSV_TYPE,
  declaredImageType,
  defaultFileName,
  EML_TYPE,
  HTML_TYPE,
  imageTypeOf,
  type FileKind,
} from '#shared/file-kinds';
import { byteLength, piecesOf, type Bytes } from '#server/bytes';
import { newFileKey, type FileStorage } from '#server/storage/storage';
import type { FileInsert } from './repository';

/** What the files table keeps: a card's uploads, and each vendor's raw message. */
export type StoredFileKind = FileKind | 'eml';

export const CONTENT_TYPES: Record<Exclude<StoredFileKind, 'image'>, string> = {
  html: `${HTML_TYPE}; charset=utf-8`,
  csv: `${CSV_TYPE}; charset=utf-8`,
  eml: EML_TYPE,
};

/**
 * Puts a send's files in the store under fresh random keys, once per distinct content (cards often share one CSV),
 * and remembers them for the files table and for clean-up if the send is not written after all.
 */
export class UploadBatch {
  readonly files: FileInsert[] = [];
  private readonly byContent = new Map<string, string>();

  constructor(
    private readonly storage: FileStorage,
    private readonly userId: number,
    private readonly now: Date,
  ) {}

  async store(
    kind: StoredFileKind,
    fileName: string,
    contentType: string,
    data: Bytes,
    dedupe = true,
  ): Promise<string> {
    let digest: string | undefined;
    if (dedupe) {
      const hash = createHash('sha256').update(kind).update(fileName);
      for (const piece of piecesOf(data)) hash.update(piece);
      digest = hash.digest('hex');
    }
    const known = digest && this.byContent.get(digest);
    if (known) return known;
    const key = newFileKey();
    await this.storage.put(key, data, contentType);
    this.files.push({
      key,
      kind,
      fileName,
      contentType,
      size: byteLength(data),
      createdByUserId: this.userId,
      createdAt: this.now,
    });
    if (digest) this.byContent.set(digest, key);
    return key;
  }

  /** Best effort: a send that was not written leaves no files behind. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.files.map((file) => this.storage.delete(file.key)));
  }
}

const orNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

/** Stores every uploaded HTML, CSV and image of the send and returns the cards as the log entry records them. */
export async function storeUploads(batch: UploadBatch, body: SendBody) {
  const storeCsv = async (card: { csvContent?: string | null; csvFileName?: string | null }, fallbackName: string) =>
    card.csvContent
      ? await batch.store(
          'csv',
          orNull(card.csvFileName) ?? fallbackName,
          CONTENT_TYPES.csv,
          Buffer.from(card.csvContent, 'utf8'),
        )
      : null;
  const emailCards: EmailCardDetail[] = [];
  for (const [i, card] of body.emailCards.entries()) {
    const htmlName = orNull(card.filename) ?? defaultFileName.emailHtml(i);
    emailCards.push({
      subject: orNull(card.subject),
      senderName: orNull(card.senderName),
      endDate: card.endDate,
      filename: orNull(card.filename),
      htmlFileKey: card.htmlContent
        ? await batch.store('html', htmlName, CONTENT_TYPES.html, Buffer.from(card.htmlContent, 'utf8'))
        : null,
      csvFileKey: await storeCsv(card, defaultFileName.emailCsv(i)),
    });
  }
  const textCards: TextCardDetail[] = [];
  for (const [i, card] of body.textCards.entries()) {
    const imageName = orNull(card.fileName) ?? defaultFileName.textImage(i);
    const imageType = declaredImageType(body.imageAttachments, card.fileName) ?? imageTypeOf(imageName);
    textCards.push({
      senderName: orNull(card.senderName),
      endDate: card.endDate,
      textContent: orNull(card.content),
      csvFileKey: await storeCsv(card, defaultFileName.textCsv(i)),
      imageFileKey: card.fileContent
        ? await batch.store('image', imageName, imageType, Buffer.from(card.fileContent, 'base64'))
        : null,
      fileName: orNull(card.fileName),
    });
  }
  return { emailCards, textCards };
}
