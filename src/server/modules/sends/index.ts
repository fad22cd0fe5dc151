// The send's surface: who speaks for a send, the vendor link it mints, its tracking rows' state as shown, and the
// amounts-owed port its log reads through.
export { markSendFilesRemoved, type TrackDeliveries } from './repository';
export { checkSenderOrAdmin } from './sender-or-admin';
export { trackingStateOf, type TrackingStateFields } from './tracking-state';
export { newVendorLink, VENDOR_LINK_LIFETIME_MS, VENDOR_PAGE_PATH, type VendorLink } from './vendor-link';
export type { OwedOfSends, SendsOwed } from './owed';
