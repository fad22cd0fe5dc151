import * as z from 'zod/mini';
import { MONTH_PATTERN } from '../payouts/month';

/** 'YYYY-MM-DD' that names a day of the calendar: 2026-02-30 is no date. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date parameter or field (from, to, paidOn): a real calendar date, else a 400 naming the field. */
export const isoDate = z.string().check(z.refine(isCalendarDate, { error: 'must be a calendar date YYYY-MM-DD' }));

/** A month parameter: 'YYYY-MM', month 01 to 12. */
export const isoMonth = z.string().check(z.regex(MONTH_PATTERN, { error: 'must be a month YYYY-MM' }));
