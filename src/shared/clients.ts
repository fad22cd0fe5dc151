import clientsFile from './clients.json';

export interface Client {
  slug: string;
  displayName: string;
  /** An image URL: our SVG wordmark as a data: URI unless the clients file names another. */
  logo: string;
  /** The variant shown on the selected (brand-coloured) tile. */
  logoWhite: string;
}

/** One entry of the clients file, as an operator writes it. */
export interface ClientEntry {
  slug: string;
  displayName: string;
  logo?: string;
  logoWhite?: string;
}

export const WORDMARK_COLOR = '#1e293b';
export const WORDMARK_WHITE = '#ffffff';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** Splits a long name over two lines, as evenly as its words allow. */
function wordmarkLines(text: string): string[] {
  const words = text.trim().split(/\s+/);
  if (text.length <= 14 || words.length < 2) return [text.trim()];
  let best = [text.trim()];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}

/** Our own wordmark: the name in bold type on a transparent 240x80 canvas. */
export function wordmarkSvg(text: string, color: string): string {
  const lines = wordmarkLines(text);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const fontSize = Math.round(Math.min(28, 340 / longest));
  const lineHeight = fontSize * 1.15;
  const firstBaseline = 40 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const tspans = lines
    .map((line, i) => `<tspan x="120" y="${(firstBaseline + i * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeXml(text)}">` +
    `<text text-anchor="middle" font-family="Inter, system-ui, -apple-system, 'Segoe UI', Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="${escapeXml(color)}">${tspans}</text>` +
    `</svg>`
  );
}

export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A clients file entry as a client: our wordmarks unless the entry names its own logos. */
export function toClient({ slug, displayName, logo, logoWhite }: ClientEntry): Client {
  return {
    slug,
    displayName,
    logo: logo ?? svgDataUri(wordmarkSvg(displayName, WORDMARK_COLOR)),
    logoWhite: logoWhite ?? svgDataUri(wordmarkSvg(displayName, WORDMARK_WHITE)),
  };
}

/**
 * The clients shipped with the app (src/shared/clients.json). Its test holds the file to the clients file schema
 * (./clients-file); it is not parsed here, so that the browser loads no schema library for it.
 */
export const CLIENTS: readonly Client[] = (clientsFile as ClientEntry[]).map(toClient);
export function findClient(slug: string | null | undefined, clients: readonly Client[] = CLIENTS): Client | undefined {
  return slug ? clients.find((client) => client.slug === slug) : undefined;
}
