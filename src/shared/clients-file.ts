import { z } from 'zod';
import { toClient, type Client } from './clients';

// Only data: images, https: and same-origin paths: a logo is put in an <img src>, never run.
const logoUrl = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^(data:image\/(svg\+xml|png|jpeg|webp)[;,]|https:\/\/|\/(?!\/))/, {
    error: 'must be a data:image URI, an https:// URL or a /path',
  });

export const clientEntry = z.object({
  slug: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "must be lowercase words joined by '-', like 'goa-victory'" })
    .max(64, { error: 'is too long' }),
  displayName: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(80, { error: 'is too long' }),
  logo: logoUrl.optional(),
  logoWhite: logoUrl.optional(),
});

/** The clients file (src/shared/clients.json, or the one CLIENTS_FILE names): what an operator edits. */
export const clientsFileSchema = z
  .array(clientEntry, { error: 'must be a list of clients' })
  .min(1, { error: 'must name at least one client' })
  .max(30, { error: 'may name at most 30 clients' })
  .refine((entries) => new Set(entries.map((entry) => entry.slug)).size === entries.length, {
    error: 'must not repeat a slug',
  });
export type ClientsFile = z.input<typeof clientsFileSchema>;

/** Validates a clients file and fills in the wordmarks; throws a ZodError naming what is wrong. */
export function parseClientsFile(json: unknown): Client[] {
  return clientsFileSchema.parse(json).map(toClient);
}
