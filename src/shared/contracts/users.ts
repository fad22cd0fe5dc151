import { z } from 'zod';
import { emailAddress, rowId } from './common';

/** One row of the User Permissions table: an authorized address and, once registered, its account. */
export const userRow = z.object({
  id: z.number().nullable(),
  email: z.string(),
  isAdmin: z.boolean(),
  hasRegistered: z.boolean(),
  googleProfileImageUrl: z.string().nullable(),
  authorizedEmailId: z.number(),
});
export type UserRow = z.infer<typeof userRow>;
export const userList = z.array(userRow);

export const addAuthorizedEmail = z.object({ email: emailAddress });

/** POST /api/authorized-emails: the address now on the list. */
export const authorizedEmail = z.object({ id: z.number(), email: z.string(), isAdmin: z.boolean() });

/** PATCH /api/users/{userId}/permissions: the user's new admin flag. */
export const permissionsResult = z.object({ id: z.number(), email: z.string(), isAdmin: z.boolean() });

export const updatePermissions = z.object({
  isAdmin: z.boolean({ error: 'must be true or false' }),
});

export const userIdParam = z.object({ userId: rowId });
