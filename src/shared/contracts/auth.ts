import { z } from 'zod';
import { emailAddress } from './common';

export const PASSWORD_MIN_LENGTH = 8;

export const credentials = z.object({
  email: emailAddress,
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
});
export type Credentials = z.infer<typeof credentials>;

/** The token of an invite link (`/auth?invite=...`). Optional here: a missing one is refused like a wrong one (403). */
const inviteToken = z.string({ error: 'must be text' }).max(200, { error: 'is too long' });

export const registration = credentials.extend({
  password: z
    .string({ error: 'is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(200, { error: 'is too long' }),
  invite: inviteToken.optional(),
});
export type Registration = z.infer<typeof registration>;

/** The sign-in page asks which address an invite is for, to fill it in (POST, so the token stays out of URLs). */
export const inviteLookup = z.object({ invite: inviteToken.min(1, { error: 'is required' }) });
export const inviteLookupResponse = z.object({ email: z.string() });
export type InviteLookupResponse = z.infer<typeof inviteLookupResponse>;

/** `POST /api/auth/google/exchange`: the one-time code of `/?google_code=`. */
export const googleCodeExchange = z.object({
  code: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
});

export const authResponse = z.object({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const currentUser = z.object({
  id: z.number(),
  email: z.string(),
  isAdmin: z.boolean(),
  hasRegistered: z.boolean(),
  googleProfileImageUrl: z.string().nullable(),
  authorizedEmailId: z.number().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const firstNameResponse = z.object({ firstName: z.string() });

/** POST /api/auth/google/connect-ticket: a one-time ticket for /auth/google. */
export const connectTicket = z.object({ ticket: z.string() });
