import * as z from 'zod/mini';

// What the user and authorized address operations answer: plain schemas, no request-side checks (decision 0048).

/** One row of the User Permissions table: an authorized address and, once registered, its account. */
export const userRow = z.object({
  id: z.nullable(z.number()),
  email: z.string(),
  isAdmin: z.boolean(),
  hasRegistered: z.boolean(),
  googleProfileImageUrl: z.nullable(z.string()),
  authorizedEmailId: z.number(),
  /** When the live invite of a pending user runs out; null when there is none (registered, used or expired). */
  inviteExpiresAt: z.nullable(z.string()),
});
export type UserRow = z.infer<typeof userRow>;
export const userList = z.array(userRow);

/** A new invite link: shown once (only its hash is kept), and mailed to the address when the transport could. */
export const inviteResponse = z.object({
  inviteUrl: z.string(),
  inviteExpiresAt: z.string(),
  inviteMailed: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponse>;

/** POST /api/authorized-emails: the address now on the list, with its invite link. */
export const authorizedEmail = z.extend(inviteResponse, { id: z.number(), email: z.string(), isAdmin: z.boolean() });
export type AddAuthorizedEmailResponse = z.infer<typeof authorizedEmail>;

/** PATCH /api/users/{userId}/permissions: the user's new admin flag. */
export const permissionsResult = z.object({ id: z.number(), email: z.string(), isAdmin: z.boolean() });
