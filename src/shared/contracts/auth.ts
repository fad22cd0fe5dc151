import { z } from 'zod';
import { emailAddress } from './common';

export const PASSWORD_MIN_LENGTH = 8;

export const credentials = z.object({
  email: emailAddress,
  password: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(200, { error: 'is too long' }),
});
export type Credentials = z.infer<typeof credentials>;

export const registration = credentials.extend({
  password: z
    .string({ error: 'is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(200, { error: 'is too long' }),
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
