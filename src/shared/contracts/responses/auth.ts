import * as z from 'zod/mini';

// What the session and sign-in operations answer: plain schemas, no request-side checks (decision 0047).

export const inviteLookupResponse = z.object({ email: z.string() });
export type InviteLookupResponse = z.infer<typeof inviteLookupResponse>;
export const authResponse = z.object({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const currentUser = z.object({
  id: z.number(),
  email: z.string(),
  isAdmin: z.boolean(),
  hasRegistered: z.boolean(),
  googleProfileImageUrl: z.nullable(z.string()),
  authorizedEmailId: z.nullable(z.number()),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const firstNameResponse = z.object({ firstName: z.string() });

/** POST /api/auth/google/connect-ticket: a one-time ticket for /auth/google. */
export const connectTicket = z.object({ ticket: z.string() });
