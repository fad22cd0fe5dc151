import { parse } from 'content-disposition';

/**
 * The file name of a `Content-Disposition` header, read by the `content-disposition` package the server writes it
 * with: `filename*` (RFC 8187) when present and well formed, else `filename`.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  return parse(header).parameters.filename?.trim() || undefined;
}
