import * as z from 'zod/mini';
import { emailAddress } from './common';

export const PASSWORD_MIN_LENGTH = 8;

const boundedText = (min: number, tooShort: string) =>
  z
    .string({ error: 'is required' })
    .check(z.minLength(min, { error: tooShort }), z.maxLength(200, { error: 'is too long' }));

export const credentials = z.object({ email: emailAddress, password: boundedText(1, 'is required') });
export type Credentials = z.infer<typeof credentials>;

/** The token of an invite link (`/auth?invite=...`). Optional here: a missing one is refused like a wrong one (403). */
const inviteToken = z.string({ error: 'must be text' }).check(z.maxLength(200, { error: 'is too long' }));

export const registration = z.extend(credentials, {
  password: boundedText(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  invite: z.optional(inviteToken),
});
export type Registration = z.infer<typeof registration>;

/** The sign-in page asks which address an invite is for, to fill it in (POST, so the token stays out of URLs). */
export const inviteLookup = z.object({ invite: inviteToken.check(z.minLength(1, { error: 'is required' })) });

/** `POST /api/auth/google/exchange`: the one-time code of `/?google_code=`. */
export const googleCodeExchange = z.object({ code: boundedText(1, 'is required') });

export * from './responses/auth';
