/** Long enough for the browser to have started the download before the blob goes. */
const REVOKE_DELAY_MS = 10_000;

/**
 * Saves a blob under a name through a temporary blob URL: how a file fetched with the bearer token (the API needs the
 * Authorization header, so a plain link cannot work) reaches the user's downloads.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}
