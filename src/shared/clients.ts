import { z } from 'zod';
import clientsFile from './clients.json';

export interface Client {
  slug: string;
  displayName: string;
  /** An image URL: our SVG wordmark as a data: URI unless the clients file names another. */
  logo: string;
  /** The variant shown on the selected (brand-coloured) tile. */
  logoWhite: string;
}

export const WORDMARK_COLOR = '#1e293b';
export const WORDMARK_WHITE = '#ffffff';

// Only data: images, https: and same-origin paths: a logo is put in an <img src>, never run.
const logoUrl = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^(data:image\/(svg\+xml|png|jpeg|webp)[;,]|https:\/\/|\/(?!\/))/, { error: 'must be a data:image URI, an https:// URL or a /path' });

export const clientEntry = z.object({
  slug: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "must be lowercase words joined by '-', like 'goa-victory'" })
    .max(64, { error: 'is too long' }),
  displayName: z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' }),
  logo: logoUrl.optional(),
  logoWhite: logoUrl.optional(),
});

/** The clients file (src/shared/clients.json, or the one CLIENTS_FILE names): what an operator edits. */
export const clientsFileSchema = z
  .array(clientEntry, { error: 'must be a list of clients' })
  .min(1, { error: 'must name at least one client' })
  .max(30, { error: 'may name at most 30 clients' })
  .refine((entries) => new Set(entries.map((entry) => entry.slug)).size === entries.length, { error: 'must not repeat a slug' });
export type ClientsFile = z.input<typeof clientsFileSchema>;

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

/** Validates a clients file and fills in the wordmarks; throws a ZodError naming what is wrong. */
export function parseClientsFile(json: unknown): Client[] {
  return clientsFileSchema.parse(json).map(({ slug, displayName, logo, logoWhite }) => ({
    slug,
    displayName,
    logo: logo ?? svgDataUri(wordmarkSvg(displayName, WORDMARK_COLOR)),
    logoWhite: logoWhite ?? svgDataUri(wordmarkSvg(displayName, WORDMARK_WHITE)),
  }));
}

/** The clients shipped with the app (src/shared/clients.json). */
export const CLIENTS: readonly Client[] = parseClientsFile(clientsFile);

export function findClient(slug: string | null | undefined, clients: readonly Client[] = CLIENTS): Client | undefined {
  return slug ? clients.find((client) => client.slug === slug) : undefined;
}
