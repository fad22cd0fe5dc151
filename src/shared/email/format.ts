const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element text and in double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const kilobytes = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '12.3 KB': kilobytes (1 KB = 1024 bytes) to one decimal. */
export function formatKb(bytes: number): string {
  return `${kilobytes.format(bytes / 1024)} KB`;
}

/**
 * The last text counted: every vendor's message lists the same attachments, so a send (and the preview) asks for
 * the size of the same megabytes of HTML once per vendor. Comparing the same string is immediate.
 */
let lastCounted: { text: string; bytes: number } | undefined;

/** The size of `text` encoded as UTF-8, counted without building the bytes. */
export function utf8ByteLength(text: string): number {
  if (lastCounted?.text === text) return lastCounted.bytes;
  const bytes = countUtf8Bytes(text);
  lastCounted = { text, bytes };
  return bytes;
}

function countUtf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3; // includes lone surrogates, which encoders replace with U+FFFD (3 bytes)
  }
  return bytes;
}

/** The number of bytes base64 text decodes to (a data: URL prefix and whitespace are ignored). */
export function base64ByteLength(base64: string): number {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  const body = base64.slice(comma + 1).replace(/\s+/g, '');
  let padding = 0;
  if (body.endsWith('==')) padding = 2;
  else if (body.endsWith('=')) padding = 1;
  return Math.max(0, Math.floor((body.length * 3) / 4) - padding);
}

/** The trimmed value, or the placeholder when it is empty. */
export function orPlaceholder(value: string | null | undefined, placeholder: string): string {
  return value && value.trim() !== '' ? value.trim() : placeholder;
}
