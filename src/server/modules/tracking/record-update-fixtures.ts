export const ACTIONS = '/api/vendor-page/actions';
export const recordUrl = (sendId: number, vendorId: string) =>
  `/api/email-logs/${sendId}/deliveries/${vendorId}/tracking`;
export const SCHEDULE = {
  action: 'scheduled',
  date: '2026-03-20',
  time: '09:30',
  segment: 'Spring donors',
  plannedQuantity: 40000,
};
