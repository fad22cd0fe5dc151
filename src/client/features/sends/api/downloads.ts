import type { FileKind } from '#shared/file-kinds';
import { downloadFile } from '#shared/api/files';
import { downloadDeliveryMessage } from '#shared/api/sends';
import { requestRaw, urlOf } from '#client/lib/request';
import { fileNameFromDisposition } from '../utils/content-disposition';

/** Long enough for the browser to have started the download before the blob goes. */
const REVOKE_DELAY_MS = 10_000;

/** Saves a blob under a name through a temporary blob URL. */
function saveBlob(blob: Blob, fileName: string) {
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

/**
 * Fetched with the bearer token (the API needs the Authorization header, so a plain link cannot work), then saved
 * under the server's file name, else the fallback.
 */
async function download(path: string, fallbackName: string) {
  const response = await requestRaw(path);
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}

export const downloadStoredFile = (key: string, type: FileKind, fallbackName: string) =>
  download(urlOf(downloadFile, { params: { key }, query: { type } }), fallbackName);

/** The exact raw message that went to one vendor. */
export const downloadVendorEml = (logId: number, vendorId: string) =>
  download(urlOf(downloadDeliveryMessage, { params: { id: logId, vendorId } }), `dispatch-${logId}-${vendorId}.eml`);
