import * as z from 'zod/mini';
import { cardId } from './card-fields';
import { rowId } from './common';
import { isoMonth } from './dates';
import { vendorIdValue } from './vendors';

/**
 * Every path parameter of the API, one schema per kind (issue 35): a row's id (a send, a user, an invitation, an
 * import), a vendor's id, a card's id, a month. A route's params object is made of these alone, so the same name
 * never reads by two rules. Declarations name them with `declared('path-params', …)`.
 */
export const pathParam = {
  id: rowId,
  vendorId: vendorIdValue,
  cardId,
  month: isoMonth,
  /** A results code as stored (the code's own rules are the body's, when it is added). */
  code: z.string(),
  /** A stored file's key, as the upload answered it. */
  key: z.string({ error: 'must be text' }),
  /** An attachment's place in a vendor's message. */
  index: z.coerce
    .number({ error: 'must be a number' })
    .check(
      z.int({ error: 'must be a whole number' }),
      z.gte(0, { error: 'must be 0 or more' }),
      z.lte(99, { error: 'is too large' }),
    ),
};

export const idParam = z.object({ id: pathParam.id });
export const userIdParam = z.object({ userId: pathParam.id });
export const importIdParam = z.object({ importId: pathParam.id });
export const vendorIdParam = z.object({ vendorId: pathParam.vendorId });
export const cardIdParam = z.object({ cardId: pathParam.cardId });
export const monthParam = z.object({ month: pathParam.month });
export const fileParams = z.object({ key: pathParam.key });
export const attachmentParams = z.object({ index: pathParam.index });
/** One vendor's message of a send. */
export const sendDeliveryParams = z.object({ id: pathParam.id, vendorId: pathParam.vendorId });
/** A vendor's statement of a month. */
export const statementParams = z.object({ vendorId: pathParam.vendorId, month: pathParam.month });
/** A vendor's reported quantity on one send. */
export const quantityParams = z.object({ sendId: pathParam.id, vendorId: pathParam.vendorId });
export const vendorCodeParams = z.object({ vendorId: pathParam.vendorId, code: pathParam.code });
