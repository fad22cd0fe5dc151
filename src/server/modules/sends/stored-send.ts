import { sendBody, type SendBody, type SendBodyInput } from '#shared/contracts/send';
import { DEFAULT_PRICING_MODEL, PRICING_MODELS, type PricingModel } from '#shared/contracts/vendors';
import { IMAGE_MIME_TYPES } from '#shared/file-kinds';
import { CsvParseError, effectiveUtmSources, extractVendorLinks, type LinkVendor } from '#shared/rules/links';
import { MAIN_CARD_ID } from '#shared/rules/validation';
import type { Db } from '#server/db/client';
import { AppError, badRequest, conflict, notFound } from '#server/errors';
import type { FileStorage } from '#server/storage/storage';
import * as settings from '../vendor-settings';
import * as vendorRepo from '../vendors';
import * as repo from './reuse-repository';

export interface StoredFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A logged send with its cards' files read back from the store, as the send page had them. */
export interface StoredSend {
  log: repo.LogRow;
  pricingModel: PricingModel;
  emailCards: {
    id: string;
    subject: string;
    senderName: string;
    endDate: string | null;
    html: StoredFile | null;
    csv: StoredFile | null;
    csvKey: string | null;
  }[];
  textCards: {
    id: string;
    content: string;
    senderName: string;
    endDate: string | null;
    image: StoredFile | null;
    csv: StoredFile | null;
    csvKey: string | null;
  }[];
}

export interface StoreDeps {
  db: Db;
  storage: FileStorage;
}

const isPricingModel = (value: string | null): value is PricingModel => PRICING_MODELS.includes(value as PricingModel);

/** Loads a send and every file of its cards; 404 for no such send, 409 once retention removed its files, 410 for a lost file. */
export async function loadStoredSend({ db, storage }: StoreDeps, sendId: number): Promise<StoredSend> {
  const log = await repo.findLog(db, sendId);
  if (!log) throw notFound('This send was not found.');
  if (log.filesRemovedAt)
    throw conflict('The files of this send were removed after the retention period, so it cannot be reused.');
  const { emailCards, textCards } = log.cardDetails;
  const keys = [
    ...emailCards.flatMap((card) => [card.htmlFileKey, card.csvFileKey]),
    ...textCards.flatMap((card) => [card.csvFileKey, card.imageFileKey]),
  ].filter((key): key is string => !!key);
  const rows = new Map((await repo.listFiles(db, [...new Set(keys)])).map((row) => [row.key, row]));
  const contents = new Map<string, StoredFile>();
  const read = async (key: string | null): Promise<StoredFile | null> => {
    if (!key) return null;
    const known = contents.get(key);
    if (known) return known;
    const row = rows.get(key);
    const data = row ? await storage.get(key) : null;
    if (!row || !data)
      throw new AppError(410, 'A file of this send is no longer in the file store, so it cannot be reused.');
    const file = { fileName: row.fileName, contentType: row.contentType, data };
    contents.set(key, file);
    return file;
  };
  /** What an email card and a text card both hold. */
  const eitherCard = async (card: (typeof emailCards)[number] | (typeof textCards)[number]) => ({
    senderName: card.senderName ?? '',
    endDate: card.endDate,
    csv: await read(card.csvFileKey),
    csvKey: card.csvFileKey,
  });
  const stamp = log.sentAt.getTime();
  return {
    log,
    pricingModel: isPricingModel(log.pricingModel) ? log.pricingModel : DEFAULT_PRICING_MODEL,
    emailCards: await Promise.all(
      emailCards.map(async (card, i) => ({
        id: i === 0 ? MAIN_CARD_ID : `email-${stamp + i}`,
        subject: card.subject ?? '',
        html: await read(card.htmlFileKey),
        ...(await eitherCard(card)),
      })),
    ),
    textCards: await Promise.all(
      textCards.map(async (card, i) => ({
        id: `text-${stamp + i + 1}`,
        content: card.textContent ?? '',
        image: await read(card.imageFileKey),
        ...(await eitherCard(card)),
      })),
    ),
  };
}

/** The vendors as link extraction sees them now: each one's UTM source override, else its default. */
export async function currentLinkVendors(db: Db): Promise<LinkVendor[]> {
  const [vendors, overrides] = await Promise.all([vendorRepo.listVendors(db), settings.listUtmSources(db)]);
  return effectiveUtmSources(vendors, overrides);
}

/**
 * card id -> vendorId -> link, read from each card's stored CSV with the send page's own extraction (each distinct
 * CSV once), for the given vendors only.
 */
export function extractStoredLinks(
  stored: StoredSend,
  linkVendors: readonly LinkVendor[],
): Record<string, Record<string, string>> {
  const byCsv = new Map<string, Record<string, string>>();
  const linksOf = (csvKey: string | null, csv: StoredFile | null): Record<string, string> => {
    if (!csvKey || !csv) return {};
    const known = byCsv.get(csvKey);
    if (known) return known;
    try {
      const { links } = extractVendorLinks(csv.data.toString('utf8'), linkVendors);
      byCsv.set(csvKey, links);
      return links;
    } catch (error) {
      if (error instanceof CsvParseError) throw badRequest(`${error.message} (${csv.fileName})`);
      throw error;
    }
  };
  return Object.fromEntries(
    [...stored.emailCards, ...stored.textCards].map((card) => [card.id, linksOf(card.csvKey, card.csv)]),
  );
}

/** The send body the send page would have posted for these vendors, parsed as the send route parses it. */
export function sendBodyFrom(
  stored: StoredSend,
  vendorIds: readonly string[],
  linkVendors: readonly LinkVendor[],
): SendBody {
  const wanted = new Set(vendorIds);
  const links = extractStoredLinks(
    stored,
    linkVendors.filter((vendor) => wanted.has(vendor.vendorId)),
  );
  const texts = stored.textCards;
  const input: SendBodyInput = {
    selectedVendors: [...vendorIds],
    emailCards: stored.emailCards.map((card) => ({
      id: card.id,
      htmlContent: card.html?.data.toString('utf8') ?? '',
      filename: card.html?.fileName ?? null,
      subject: card.subject,
      senderName: card.senderName,
      endDate: card.endDate,
      csvContent: card.csv?.data.toString('utf8') ?? null,
      csvFileName: card.csv?.fileName ?? null,
    })),
    textCards: texts.map((card) => ({
      id: card.id,
      content: card.content,
      senderName: card.senderName,
      endDate: card.endDate,
      csvContent: card.csv?.data.toString('utf8') ?? null,
      csvFileName: card.csv?.fileName ?? null,
      fileContent: card.image?.data.toString('base64') ?? null,
      fileName: card.image?.fileName ?? null,
    })),
    selectedClient: stored.log.clientSlug,
    imageAttachments: texts.flatMap((card) =>
      card.image && IMAGE_MIME_TYPES.includes(card.image.contentType)
        ? [
            {
              filename: card.image.fileName,
              content: card.image.data.toString('base64'),
              contentType: card.image.contentType,
            },
          ]
        : [],
    ),
    allVendorLinks: links,
    pricingModel: stored.pricingModel,
  };
  return sendBody.parse(input);
}
