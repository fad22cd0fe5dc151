import * as z from 'zod/mini';
import { toClient, type Client } from './clients';

// Only data: images, https: and same-origin paths: a logo is put in an <img src>, never run.
const logoUrl = z.string({ error: 'must be text' }).check(
  z.trim(),
  z.regex(/^(data:image\/(svg\+xml|png|jpeg|webp)[;,]|https:\/\/|\/(?!\/))/, {
    error: 'must be a data:image URI, an https:// URL or a /path',
  }),
);

export const clientEntry = z.object({
  slug: z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "must be lowercase words joined by '-', like 'goa-victory'" }),
      z.maxLength(64, { error: 'is too long' }),
    ),
  displayName: z
    .string({ error: 'must be text' })
    .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(80, { error: 'is too long' })),
  logo: z.optional(logoUrl),
  logoWhite: z.optional(logoUrl),
});

/** The clients file (src/shared/clients.json, or the one CLIENTS_FILE names): what an operator edits. */
export const clientsFileSchema = z.array(clientEntry, { error: 'must be a list of clients' }).check(
  z.minLength(1, { error: 'must name at least one client' }),
  z.maxLength(30, { error: 'may name at most 30 clients' }),
  z.refine((entries) => new Set(entries.map((entry) => entry.slug)).size === entries.length, {
    error: 'must not repeat a slug',
  }),
);
export type ClientsFile = z.input<typeof clientsFileSchema>;

/** Validates a clients file and fills in the wordmarks; throws a ZodError naming what is wrong. */
export function parseClientsFile(json: unknown): Client[] {
  return clientsFileSchema.parse(json).map(toClient);
}
