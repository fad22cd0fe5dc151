import * as z from 'zod/mini';
import { MAX_NOTE_LENGTH, MAX_QUANTITY, MAX_SEGMENT_LENGTH } from './responses/tracking';

export * from './responses/tracking';

const isoDate = z.string({ error: 'must be a date' }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }),
  z.refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().startsWith(value) &&
        value >= '2000-01-01' &&
        value <= '2999-12-31'
      );
    },
    { error: 'must be a real date (YYYY-MM-DD)' },
  ),
);

const clockTime = z
  .string({ error: 'must be a time' })
  .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time (HH:MM, 24-hour)' }));

// Messages follow the field's name in the answer ('plannedQuantity must be a whole number').
const quantity = z
  .number({ error: 'must be a number' })
  .check(
    z.int({ error: 'must be a whole number' }),
    z.gte(0, { error: 'cannot be negative' }),
    z.lte(MAX_QUANTITY, { error: 'is too large' }),
  );

const freeText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'is required' }),
      z.maxLength(max, { error: `may be at most ${max} characters` }),
    );

/** POST /api/vendor-page/actions: one thing the vendor reports. */
export const vendorAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('received') }),
    z.object({
      action: z.literal('scheduled'),
      /** New York time, as the agency schedules. */
      date: isoDate,
      time: clockTime,
      segment: freeText(MAX_SEGMENT_LENGTH),
      plannedQuantity: quantity.check(z.gte(1, { error: 'must be at least 1' })),
    }),
    z.object({ action: z.literal('seed-test-sent') }),
    z.object({ action: z.literal('deployed'), date: isoDate, quantity }),
    z.object({ action: z.literal('note'), text: freeText(MAX_NOTE_LENGTH) }),
    z.object({ action: z.literal('cannot-deploy'), reason: freeText(MAX_NOTE_LENGTH) }),
  ],
  { error: 'must be one of received, scheduled, seed-test-sent, deployed, note, cannot-deploy' },
);
export type VendorAction = z.infer<typeof vendorAction>;
export type VendorActionKind = VendorAction['action'];

/** POST /api/email-logs/:id/deliveries/:vendorId/review: the team's answer to a vendor's seed test. */
export const seedTestReview = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('approve'),
      note: z.optional(z.string().check(z.trim(), z.maxLength(MAX_NOTE_LENGTH))),
    }),
    z.object({ decision: z.literal('request-changes'), note: freeText(MAX_NOTE_LENGTH) }),
  ],
  { error: 'must be approve or request-changes' },
);
export type SeedTestReview = z.infer<typeof seedTestReview>;

/** GET /api/tracking: the Tracking board's filters (client slug or name, vendor id or name, sent between two New York dates). */
export const trackingBoardQuery = z.object({
  client: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  vendor: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type TrackingBoardQuery = z.infer<typeof trackingBoardQuery>;
