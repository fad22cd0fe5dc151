import type { FileKind } from '#shared/file-kinds';
import { downloadFile } from '#shared/api/files';
import { downloadDeliveryMessage } from '#shared/api/sends';
import { requestRaw, urlOf } from '#client/lib/request';
import { saveBlob } from '#client/lib/save-blob';
import { fileNameFromDisposition } from '../utils/content-disposition';

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
export const downloadVendorEml = (sendId: number, vendorId: string) =>
  download(urlOf(downloadDeliveryMessage, { params: { id: sendId, vendorId } }), `dispatch-${sendId}-${vendorId}.eml`);
