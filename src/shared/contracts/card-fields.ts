import * as z from 'zod/mini';
import { IMAGE_MIME_TYPES } from '../file-kinds';
import { shortId } from './common';

/** Free text the user may leave empty: null and absent read as ''; the validation rules decide what is missing. */
export const optionalText = z.pipe(
  z.nullish(z.string({ error: 'must be text' })),
  z.transform((value: string | null | undefined) => value ?? ''),
);

const emptyAsNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);

/** A value that is either there or null (absent and '' read as null). */
export const nullableText = z.pipe(z.nullish(z.string({ error: 'must be text' })), z.transform(emptyAsNull));

/**
 * An end date: 'YYYY-MM-DD' (preferred) or an ISO date-time such as a date picker's toISOString(),
 * or null. '' and absent read as null.
 */
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

export const endDateValue = z.pipe(
  z.nullish(
    z.string({ error: "must be an ISO date like '2026-03-14'" }).check(
      z.trim(),
      z.refine((value) => value === '' || isoDate.safeParse(value).success || isoDateTime.safeParse(value).success, {
        error: "must be an ISO date like '2026-03-14'",
      }),
    ),
  ),
  z.transform(emptyAsNull),
);

/** Base64 content (of an image): null when absent. */
export const base64Content = z.pipe(
  z.union([z.nullish(z.base64({ error: 'must be base64' })), z.literal('')]),
  z.transform(emptyAsNull),
);

export const cardId = shortId;

/** An http(s) link, or '' for none. */
export const vendorLink = z.string({ error: 'must be text' }).check(
  z.trim(),
  z.refine((value) => value === '' || isHttpUrl(value), { error: 'must be an http(s) link' }),
);

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const imageContentType = z.string({ error: 'must be text' }).check(
  z.trim(),
  z.toLowerCase(),
  z.refine((value) => IMAGE_MIME_TYPES.includes(value), {
    error: `must be ${IMAGE_MIME_TYPES.slice(0, -1).join(', ')} or ${IMAGE_MIME_TYPES.at(-1)}`,
  }),
);
