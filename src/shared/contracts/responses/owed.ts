import * as z from 'zod/mini';

// What a vendor is owed for a send, as the screens that follow sends show it (issue 24 item 1): plain schemas, the
// browser parses them (decision 0048).

/** Why an amount owed is unknown ('Terms missing', 'Quantity not reported') or counts a claim only in part. */
export const LINE_FLAGS = ['Terms missing', 'Quantity not reported', 'Needs review'] as const;
export type LineFlag = (typeof LINE_FLAGS)[number];

/** One vendor's amount owed for one send, once the send has results for it: null cents when unknown, with the flag. */
export const amountOwed = z.object({ owedCents: z.nullable(z.number()), flags: z.array(z.enum(LINE_FLAGS)) });
export type AmountOwedView = z.infer<typeof amountOwed>;

/** Several amounts owed added up: the known ones, and how many are unknown (left out of the sum). */
export const owedTotal = z.object({ owedCents: z.number(), unknownLines: z.number() });
export type OwedTotal = z.infer<typeof owedTotal>;
