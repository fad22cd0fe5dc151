import { createToken, hashToken } from '#server/auth/tokens';

/** How long a vendor's personal page link works (issue 14). */
export const VENDOR_LINK_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

/** The vendor page's path on PUBLIC_URL; the link's token follows in the fragment. */
export const VENDOR_PAGE_PATH = '/vendor';

export interface VendorLink {
  /** The capability itself: only in the message, never stored. */
  url: string;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * A new personal link for one delivery: 32 random bytes, of which only the SHA-256 is kept. The token rides in the URL
 * fragment, which browsers never send to a server, so it reaches no request log, proxy or Referer header: the page reads
 * it and hands it to the API in the Authorization header.
 */
export function newVendorLink(publicUrl: string, now: Date): VendorLink {
  const token = createToken();
  return {
    url: `${publicUrl}${VENDOR_PAGE_PATH}#${token}`,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + VENDOR_LINK_LIFETIME_MS),
  };
}
