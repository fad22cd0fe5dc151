import { formatKb, utf8ByteLength } from '../email/format';
import { formatEndDateLong } from './end-date-format';
import { endDateDay } from './new-york-time';
import { smsStats } from './sms-length';
import { labelCards } from './validation';
import { vendorLinkFor, type VendorLinksPerCard } from './vendor-links';

export interface LinkMatrixCard {
  id: string;
  label: string;
  /** The CSV the card's links came from (its own, or the global one). */
  csvFileName: string | null;
}

export interface LinkMatrixCell {
  cardId: string;
  hasLink: boolean;
  link: string | null;
  fileName: string | null;
}

export interface LinkMatrix {
  /** One row per selected vendor, one cell per card, in the order given. */
  rows: { vendorId: string; cells: LinkMatrixCell[]; isComplete: boolean }[];
  missingCount: number;
  isComplete: boolean;
}

export function buildLinkMatrix(
  selectedVendors: readonly string[],
  cards: readonly LinkMatrixCard[],
  linksPerCard: VendorLinksPerCard,
): LinkMatrix {
  let missingCount = 0;
  const rows = selectedVendors.map((vendorId) => {
    const cells = cards.map((card) => {
      const link = vendorLinkFor(linksPerCard, card.id, vendorId);
      if (link === null) missingCount++;
      return { cardId: card.id, hasLink: link !== null, link, fileName: link === null ? null : card.csvFileName };
    });
    return { vendorId, cells, isComplete: cells.every((cell) => cell.hasLink) };
  });
  return { rows, missingCount, isComplete: missingCount === 0 };
}

export type ContentWarningKind = 'end-date-past' | 'html-too-large' | 'sms-segments' | 'sms-encoding';

export interface ContentWarning {
  cardId: string;
  kind: ContentWarningKind;
  message: string;
}

/** Gmail clips a message body over 102 KB behind a 'View entire message' link. */
export const GMAIL_CLIP_BYTES = 102 * 1024;

export interface ContentCheckInput {
  emailCards: readonly { id: string; endDate: string | null; htmlContent: string | null }[];
  textCards: readonly { id: string; endDate: string | null; content: string | null }[];
  /** Today in New York, 'YYYY-MM-DD' (newYorkDate(new Date())). */
  today: string;
}

function endDateWarning(cardId: string, label: string, endDate: string | null, today: string): ContentWarning[] {
  const day = endDateDay(endDate);
  if (day === null || day >= today) return [];
  return [
    { cardId, kind: 'end-date-past', message: `${label}: the end date, ${formatEndDateLong(day)}, is in the past.` },
  ];
}

function htmlWarning(cardId: string, label: string, html: string | null): ContentWarning[] {
  const bytes = html ? utf8ByteLength(html) : 0;
  if (bytes <= GMAIL_CLIP_BYTES) return [];
  return [
    {
      cardId,
      kind: 'html-too-large',
      message: `${label}: the HTML is ${formatKb(bytes)}. Gmail clips messages over 102 KB.`,
    },
  ];
}

/** "'’'", or 'U+0009' for a character that does not show. */
function showCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code < 0xa0)
    ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${char}'`;
}

function smsWarnings(cardId: string, label: string, text: string | null): ContentWarning[] {
  const stats = smsStats(text ?? '');
  const warnings: ContentWarning[] = [];
  if (stats.encoding === 'UCS-2') {
    const characters = stats.nonGsmCharacters.map(showCharacter).join(', ');
    warnings.push({
      cardId,
      kind: 'sms-encoding',
      message: `${label}: ${characters} ${stats.nonGsmCharacters.length === 1 ? 'is' : 'are'} not in the GSM-7 alphabet, so the message is sent as UCS-2 (70 characters per SMS, 67 when split).`,
    });
  }
  if (stats.segments > 1) {
    warnings.push({
      cardId,
      kind: 'sms-segments',
      message: `${label}: ${stats.length} characters make ${stats.segments} SMS segments (${stats.encoding}, ${stats.perSegment} per segment).`,
    });
  }
  return warnings;
}

/** The 'link and content check' warnings; none of them blocks the send. */
export function findContentWarnings({ emailCards, textCards, today }: ContentCheckInput): ContentWarning[] {
  const labels = new Map(labelCards(emailCards, textCards).map((card) => [card.id, card.label]));
  const label = (id: string) => labels.get(id) ?? id;
  return [
    ...emailCards.flatMap((card) => [
      ...endDateWarning(card.id, label(card.id), card.endDate, today),
      ...htmlWarning(card.id, label(card.id), card.htmlContent),
    ]),
    ...textCards.flatMap((card) => [
      ...endDateWarning(card.id, label(card.id), card.endDate, today),
      ...smsWarnings(card.id, label(card.id), card.content),
    ]),
  ];
}
