import * as z from 'zod/mini';

/** GET /api/app-settings: what the send page needs of the server's configuration. */
export const appSettings = z.object({
  /** HUB_PASSWORD; null means the password line reads 'Password: ask your account manager'. */
  hubPassword: z.nullable(z.string()),
  mailTransport: z.enum(['outbox', 'smtp', 'gmail']),
  isGoogleEnabled: z.boolean(),
  /** VENDOR_LINKS: whether each vendor message carries its personal deployment page link. */
  hasVendorLinks: z.boolean(),
  /** PUBLIC_URL is a loopback or private address: vendors outside the network cannot open their links. */
  isPublicUrlPrivate: z.boolean(),
  /** PUBLIC_URL, named in that warning. */
  publicUrl: z.string(),
});
export type AppSettings = z.infer<typeof appSettings>;
