import { z } from 'zod';
import { directSendResult } from './send';

/** POST /api/send-email: the email test page's message went (or may have gone) out. */
export const testEmailResult = directSendResult.extend({ message: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResult>;
