import { z } from 'zod';

/** GET /api/app-settings: what the send page needs of the server's configuration. */
export const appSettings = z.object({
  /** HUB_PASSWORD; null means the password line reads 'Password: ask your account manager'. */
  hubPassword: z.string().nullable(),
  mailTransport: z.enum(['outbox', 'smtp', 'gmail']),
  isGoogleEnabled: z.boolean(),
});
export type AppSettings = z.infer<typeof appSettings>;
