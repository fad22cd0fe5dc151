/** A vendor as link extraction sees it: its effective UTM source (the user's override, else the default). */
export interface LinkVendor {
  vendorId: string;
  utmSource: string;
}

export interface LinkConflict {
  vendorId: string;
  kept: string;
  ignored: string[];
}

export interface LinkExtraction {
  /** vendorId -> the first link found for it. */
  links: Record<string, string>;
  /** utm_source values that match no vendor: distinct, first MAX_LISTED only. */
  unmatchedSources: string[];
  /** How many distinct unmatched values there are (counted up to MAX_TRACKED). */
  unmatchedSourceCount: number;
  /** Cells that mention utm_source= but are not usable http(s) links: first MAX_LISTED only. */
  malformedUrls: string[];
  malformedUrlCount: number;
  /** Vendors for which the file holds more than one different link; the first one is kept. */
  conflicts: LinkConflict[];
  rowCount: number;
}

export interface LinkCollector {
  addRow(cells: readonly string[]): void;
  result(): LinkExtraction;
}

export const MAX_LISTED = 20;
const MAX_IGNORED_PER_VENDOR = 5;
// Bounds the memory a file with a distinct unknown source on every line can take.
const MAX_TRACKED = 10_000;
const PARAM = 'utm_source';
// 'x://a?utm_source=b' is the shortest thing that can hold a link: anything shorter is skipped at once.
const MIN_LINK_LENGTH = 16;
const QUOTES = `"'\u201c\u201d\u2018\u2019\``;

/** The effective UTM source per vendor: a non-empty user override replaces the vendor default. */
export function effectiveUtmSources(
  vendors: readonly { vendorId: string; defaultUtmSource: string }[],
  overrides: readonly { vendorId: string; utmSource: string }[],
): LinkVendor[] {
  const byVendor = new Map(overrides.map((o) => [o.vendorId, o.utmSource.trim()]));
  return vendors.map(({ vendorId, defaultUtmSource }) => ({
    vendorId,
    utmSource: byVendor.get(vendorId) || defaultUtmSource.trim(),
  }));
}

/** Cheap test that skips almost every cell without a regular expression or a lowercased copy. */
function mentionsUtmSource(cell: string): boolean {
  if (cell.length < MIN_LINK_LENGTH) return false;
  let at = cell.indexOf('=');
  while (at !== -1) {
    if (at >= PARAM.length && cell.slice(at - PARAM.length, at).toLowerCase() === PARAM) return true;
    at = cell.indexOf('=', at + 1);
  }
  return false;
}

function stripQuotes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (QUOTES.includes(text[start] ?? '') || text[start] === ' ')) start++;
  while (end > start && (QUOTES.includes(text[end - 1] ?? '') || text[end - 1] === ' ')) end--;
  return text.slice(start, end);
}

function parseHttpUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The link in a cell and its utm_source value, or null when the cell holds no usable link. */
function readLink(cell: string): { link: string; source: string } | null {
  let link = stripQuotes(cell.trim());
  let url = parseHttpUrl(link);
  if (url === null && /\s/.test(link)) {
    // A cell like 'Donate here: https://...': take the word that carries the parameter.
    const word = link.split(/\s+/).find(mentionsUtmSource);
    link = word === undefined ? link : stripQuotes(word);
    url = parseHttpUrl(link);
  }
  if (url === null) return null;
  for (const [name, value] of url.searchParams) {
    if (name.toLowerCase() === PARAM) return { link, source: value.trim() };
  }
  return null;
}

/**
 * The utm_source value of a cell that is one plain link (no spaces), read without building a URL; null for anything
 * else. Used only to skip cells whose outcome is already settled, so most rows of a big file cost no URL parse.
 */
export function quickSource(link: string): string | null {
  if (!/^https?:\/\/\S+$/i.test(link)) return null;
  const query = link.indexOf('?');
  if (query === -1) return null;
  const hash = link.indexOf('#', query);
  const end = hash === -1 ? link.length : hash;
  for (let at = query; at !== -1 && at < end; at = link.indexOf('&', at + 1)) {
    const nameEnd = at + 1 + PARAM.length;
    const after = nameEnd < end ? link[nameEnd] : '&';
    if ((after !== '=' && after !== '&') || link.slice(at + 1, nameEnd).toLowerCase() !== PARAM) continue;
    if (after === '&') return '';
    const valueEnd = link.indexOf('&', nameEnd);
    const value = link.slice(nameEnd + 1, valueEnd === -1 || valueEnd > end ? end : valueEnd);
    if (!value.includes('%') && !value.includes('+')) return value.trim();
    try {
      return decodeURIComponent(value.replaceAll('+', ' ')).trim();
    } catch {
      return null;
    }
  }
  return null;
}

export function createLinkCollector(vendors: readonly LinkVendor[]): LinkCollector {
  const vendorsBySource = new Map<string, string[]>();
  for (const { vendorId, utmSource } of vendors) {
    const key = utmSource.trim().toLowerCase();
    if (key === '') continue;
    vendorsBySource.set(key, [...(vendorsBySource.get(key) ?? []), vendorId]);
  }
  const links = new Map<string, string>();
  const ignored = new Map<string, string[]>();
  const unmatched = new Map<string, string>();
  const malformed: string[] = [];
  let malformedCount = 0;
  let rowCount = 0;
  // Cells already read whose outcome can no longer change (see isSettled): most rows of a big file repeat a few links,
  // and a repeat then costs one set lookup instead of reading the link again.
  const settledCells = new Set<string>();

  function addLink(vendorId: string, link: string): void {
    const kept = links.get(vendorId);
    if (kept === undefined) {
      links.set(vendorId, link);
      return;
    }
    if (kept === link) return;
    const others = ignored.get(vendorId) ?? [];
    if (others.length < MAX_IGNORED_PER_VENDOR && !others.includes(link)) ignored.set(vendorId, [...others, link]);
  }

  /** True when a link with this source could change nothing: its vendors have it, or cannot take more, or it is known unmatched. */
  function isSettled(source: string, link: string): boolean {
    const key = source.toLowerCase();
    if (key === '') return false;
    const vendorIds = vendorsBySource.get(key);
    if (vendorIds === undefined) return unmatched.has(key) || unmatched.size >= MAX_TRACKED;
    return vendorIds.every((vendorId) => {
      const kept = links.get(vendorId);
      if (kept === undefined) return false;
      if (kept === link) return true;
      const others = ignored.get(vendorId) ?? [];
      return others.length >= MAX_IGNORED_PER_VENDOR || others.includes(link);
    });
  }

  function addCell(cell: string): void {
    const plain = stripQuotes(cell.trim());
    const source = quickSource(plain);
    if (source !== null && isSettled(source, plain)) return;
    const found = readLink(cell);
    if (found === null) {
      malformedCount++;
      if (malformed.length < MAX_LISTED) malformed.push(cell.trim());
      return;
    }
    if (found.source !== '') {
      const key = found.source.toLowerCase();
      const vendorIds = vendorsBySource.get(key);
      if (vendorIds === undefined) {
        if (unmatched.size < MAX_TRACKED && !unmatched.has(key)) unmatched.set(key, found.source);
      } else {
        for (const vendorId of vendorIds) addLink(vendorId, found.link);
      }
    }
    // An empty source never counts; any other is settled once added, unless its vendors' lists are still open.
    if (settledCells.size < MAX_TRACKED && (found.source === '' || isSettled(found.source, found.link)))
      settledCells.add(cell);
  }

  return {
    addRow(cells) {
      rowCount++;
      for (const cell of cells) {
        // A cell without '=' (most of a file) is passed over before it is hashed for the lookup.
        if (cell.length >= MIN_LINK_LENGTH && cell.includes('=') && !settledCells.has(cell) && mentionsUtmSource(cell))
          addCell(cell);
      }
    },
    result() {
      return {
        links: Object.fromEntries(links),
        unmatchedSources: [...unmatched.values()].slice(0, MAX_LISTED),
        unmatchedSourceCount: unmatched.size,
        malformedUrls: [...malformed],
        malformedUrlCount: malformedCount,
        conflicts: [...ignored].map(([vendorId, others]) => ({
          vendorId,
          kept: links.get(vendorId) ?? '',
          ignored: others,
        })),
        rowCount,
      };
    },
  };
}
