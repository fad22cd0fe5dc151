// Deployment tracking's surface: whether a vendor link exists (the limits ask), its audit entity. (Its plugins: ../plugins.ts.)
export { hasVendorLink, insertTrackingRows, TRACKING_ENTITY } from './repository';
