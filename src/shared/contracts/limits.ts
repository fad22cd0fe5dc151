// The upload limits the server answers 413 above; the client can check them before uploading (and imports them from
// here, without the schemas of ./send).
export const MAX_HTML_OR_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENT_BYTES_PER_MESSAGE = 20 * 1024 * 1024;
