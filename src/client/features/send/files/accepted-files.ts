import { EXTENSION_KINDS, fileKindOf, type FileKind } from '#shared/file-kinds';

export type { FileKind };

/** SPEC 5 'Accepted files': the kind of a file by its name, or null when this drop zone does not take it. */
export function fileKind(name: string, accepted: readonly FileKind[]): FileKind | null {
  const kind = fileKindOf(name);
  return kind && accepted.includes(kind) ? kind : null;
}

export const EMAIL_CARD_FILES: readonly FileKind[] = ['html', 'csv'];
export const TEXT_CARD_FILES: readonly FileKind[] = ['csv', 'image'];

export function acceptAttribute(kinds: readonly FileKind[]): string {
  return Object.entries(EXTENSION_KINDS)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([extension]) => `.${extension}`)
    .join(',');
}

/** The 'Invalid file type' message of SPEC 8 for a refused file. */
export function invalidFileMessage(name: string, accepted: readonly FileKind[], isOnlyFile: boolean): string {
  const isEmailZone = accepted.includes('html');
  if (isOnlyFile && isEmailZone) {
    if (accepted.length === 1) return 'Please select an HTML file.';
    return 'Please select an HTML or CSV file.';
  }
  if (isOnlyFile && accepted.length === 1 && accepted[0] === 'csv') return 'Please select a CSV file.';
  return isEmailZone
    ? `Unsupported file: ${name}. Please select HTML or CSV files.`
    : `Unsupported file: ${name}. Please select CSV or image files.`;
}

/** base64 of a file's bytes, without the data: prefix. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
