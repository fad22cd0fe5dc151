import * as z from 'zod/mini';
import { emailAddress } from './common';

export * from './responses/users';

export const addAuthorizedEmail = z.object({ email: emailAddress });

export const updatePermissions = z.object({
  isAdmin: z.boolean({ error: 'must be true or false' }),
});
