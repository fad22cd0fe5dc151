import { performanceReport, recentPerformance } from '../contracts/responses/performance';
import { because, declared, defineOperation, notModified, ok } from './operation';

// Vendor performance (issue 24 items 4 and 5): read by anyone signed in.

const unknownClient = because('client is not a known client, or from is after to');

export const getVendorPerformance = defineOperation({
  method: 'GET',
  path: '/api/vendor-performance',
  summary:
    "Per vendor, a client's sends dated in [from, to] (New York; default the last 90 days): sends, quantity, net, owed, ROI, costs per donor, on-time rate, each with its sends; per send and per month for the charts",
  access: 'user',
  query: declared('performance', 'performanceQuery'),
  responses: { 200: ok(performanceReport), 400: unknownClient },
});

export const getRecentVendorPerformance = defineOperation({
  method: 'GET',
  path: '/api/vendor-performance/recent',
  summary:
    "Each vendor's cost per new donor and ROI over a client's last 90 days, for 'Select Vendors' (kept in the read cache; ETag and 304)",
  access: 'user',
  query: declared('performance', 'recentPerformanceQuery'),
  responses: { 200: ok(recentPerformance), 304: notModified, 400: unknownClient },
});
