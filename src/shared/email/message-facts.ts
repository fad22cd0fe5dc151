import { termValueWording } from '../payouts/terms';

/**
 * Reads back, from the plain-text part of a vendor message drawn by compose.ts, what differs from vendor to vendor:
 * the terms, each card's link and each card's hub key. Used to compare two vendors' stored messages.
 */

export type FactKind = 'link' | 'terms' | 'key';

export interface MessageFact {
  kind: FactKind;
  /** 'Terms (Revshare)', 'Email 1', 'Text 2'. */
  section: string;
  label: string;
  value: string;
}

const TERMS_TITLE = /^Terms \(.+\)$/;
const CARD_TITLE = /^(Email|Text) \d+$/;
const KEY_LABELS = new Set(['Email Prospecting Hub Key', 'Text Prospecting Hub Key']);
const LINK_LABEL = 'Link';
const MULTILINE_LABEL = 'Text copy:';
// The row that follows the text copy in a text card: the copy's own lines end there.
const AFTER_MULTILINE = 'Sender name: ';

function row(line: string): { label: string; value: string } | null {
  const at = line.indexOf(': ');
  return at > 0 ? { label: line.slice(0, at), value: line.slice(at + 2) } : null;
}

export function readMessageFacts(text: string): MessageFact[] {
  const facts: MessageFact[] = [];
  let section: string | null = null;
  let isInCopy = false;
  let isBlockStart = true;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (isInCopy) {
      if (!line.startsWith(AFTER_MULTILINE)) continue;
      isInCopy = false;
    }
    if (line === '') {
      isBlockStart = true;
      section = null;
      continue;
    }
    if (isBlockStart) {
      isBlockStart = false;
      section = TERMS_TITLE.test(line) || CARD_TITLE.test(line) ? line : null;
      continue;
    }
    if (section === null) continue;
    if (line === MULTILINE_LABEL) {
      isInCopy = true;
      continue;
    }
    const parsed = row(line);
    if (!parsed) continue;
    // A message sent before splits were worded says '60/40': read in words, it compares equal to a later one.
    if (TERMS_TITLE.test(section)) facts.push({ kind: 'terms', section, ...parsed, value: termValueWording(parsed) });
    else if (parsed.label === LINK_LABEL) facts.push({ kind: 'link', section, ...parsed });
    else if (KEY_LABELS.has(parsed.label)) facts.push({ kind: 'key', section, ...parsed });
  }
  return facts;
}

export interface FactDifference {
  kind: FactKind;
  section: string;
  label: string;
  a: string | null;
  b: string | null;
  isSame: boolean;
}

/** Every fact of either message, in message order, side by side; the terms are compared whatever their model. */
export function compareMessageFacts(a: readonly MessageFact[], b: readonly MessageFact[]): FactDifference[] {
  const keyOf = (fact: MessageFact) =>
    `${fact.kind}\u0000${fact.kind === 'terms' ? 'Terms' : fact.section}\u0000${fact.label}`;
  const rows = new Map<string, FactDifference>();
  for (const fact of a)
    rows.set(keyOf(fact), {
      kind: fact.kind,
      section: fact.section,
      label: fact.label,
      a: fact.value,
      b: null,
      isSame: false,
    });
  for (const fact of b) {
    const existing = rows.get(keyOf(fact));
    if (existing) existing.b = fact.value;
    else
      rows.set(keyOf(fact), {
        kind: fact.kind,
        section: fact.section,
        label: fact.label,
        a: null,
        b: fact.value,
        isSame: false,
      });
  }
  return [...rows.values()].map((difference) => ({ ...difference, isSame: difference.a === difference.b }));
}
