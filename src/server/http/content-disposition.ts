import { create } from 'content-disposition';

/**
 * `attachment; filename=...` as the `content-disposition` package writes it (RFC 6266): the name as is when it is
 * plain ASCII, else an ASCII fallback and the exact name in `filename*`. The client reads it with the same package.
 */
export function attachmentDisposition(fileName: string): string {
  return create(fileName);
}
