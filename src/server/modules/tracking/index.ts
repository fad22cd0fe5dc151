// Deployment tracking's surface: whether a vendor link exists (the limits ask), its audit entity, its plugins.
export { hasVendorLink, insertTrackingRows, TRACKING_ENTITY } from './repository';
export { trackingPlugin } from './plugin';
export { remindersPlugin } from './reminders-plugin';
