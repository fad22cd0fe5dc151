import * as z from 'zod/mini';
import { directSendResult } from './send';

// What the email test page's operation answers: a plain schema (decision 0048).

/** POST /api/send-email: the email test page's message went (or may have gone) out. */
export const testEmailResult = z.extend(directSendResult, { message: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResult>;
