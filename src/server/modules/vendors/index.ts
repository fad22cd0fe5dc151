// The vendors' surface: the list, the lock a setting's write takes, the answer for a vendor gone, and the port
// through which result codes changed here are attributed again.
export { listVendors, lockVendor } from './repository';
export { vendorGone, type ResultCodesChanged } from './service';
