// The test creatives a send carries: the API tests and the browser tests (e2e/) upload these same files. No imports,
// so a Playwright worker loads it without the server's modules.

/** A 1x1 PNG, base64-encoded as the send's image fields carry it. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** An email card's HTML creative. */
export const CREATIVE_HTML = `<!doctype html><html><body><h1>Spring appeal</h1><p>${'Stand with us. '.repeat(200)}</p></body></html>`;
