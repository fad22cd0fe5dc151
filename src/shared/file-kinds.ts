/** The kinds of file a send carries, and the rules about them the send page, the composer and the server share. */
export const FILE_KINDS = ['html', 'csv', 'image'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** SPEC 5 'Accepted files': a file's kind by its extension. */
export const EXTENSION_KINDS: Readonly<Record<string, FileKind>> = {
  html: 'html',
  htm: 'html',
  csv: 'csv',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
};

export const HTML_TYPE = 'text/html';
export const CSV_TYPE = 'text/csv';
export const EML_TYPE = 'message/rfc822';
export const UNKNOWN_TYPE = 'application/octet-stream';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image types a send may carry: 'image/png', 'image/jpeg', 'image/gif', 'image/webp'. */
export const IMAGE_MIME_TYPES: readonly string[] = [...new Set(Object.values(IMAGE_TYPES))];

/** 'png' for 'Spring.PNG'; '' for a name without a dot. */
export function extensionOf(name: string): string {
  return name.includes('.') ? name.split('.').at(-1)!.toLowerCase() : '';
}

export function fileKindOf(name: string): FileKind | undefined {
  const extension = extensionOf(name);
  return Object.hasOwn(EXTENSION_KINDS, extension) ? EXTENSION_KINDS[extension] : undefined;
}

/** An image's MIME type by its extension; application/octet-stream for any other name. */
export function imageTypeOf(name: string): string {
  const extension = extensionOf(name);
  return (Object.hasOwn(IMAGE_TYPES, extension) ? IMAGE_TYPES[extension] : undefined) ?? UNKNOWN_TYPE;
}

/** The type a send declares for an image (its imageAttachments entry of the same name), or null. */
export function declaredImageType(
  images: readonly { filename: string; contentType: string }[] | undefined,
  fileName: string | null | undefined,
): string | null {
  const name = fileName?.trim();
  if (!name) return null;
  const image = (images ?? []).find((candidate) => candidate.filename.trim() === name);
  return image?.contentType.trim().toLowerCase() || null;
}

/** The names a card's files go by when they were uploaded without one (index: the card's place among its kind). */
export const defaultFileName = {
  emailHtml: (index: number) => `email-${index + 1}.html`,
  emailCsv: (index: number) => `email-${index + 1}-links.csv`,
  textImage: (index: number) => `text-${index + 1}-image`,
  textCsv: (index: number) => `text-${index + 1}-links.csv`,
};
