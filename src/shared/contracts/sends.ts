import * as z from 'zod/mini';

export * from './responses/sends';

const filterText = z.pipe(
  z.optional(z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(200, { error: 'is too long' }))),
  z.transform((value: string | undefined) => (value === '' ? undefined : value)),
);

/** The query of GET /api/email-logs as the server parses it. */
export const sendListQuery = z.object({
  client: filterText,
  vendor: filterText,
  q: filterText,
  limit: z._default(
    z.coerce
      .number({ error: 'must be a number' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be between 1 and 500' }),
        z.lte(500, { error: 'must be between 1 and 500' }),
      ),
    100,
  ),
});

/** PUT /api/email-logs/{id}/reminders: turns the send's vendor reminders on or off. */
export const remindersSetting = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });
export type RemindersSetting = z.infer<typeof remindersSetting>;
