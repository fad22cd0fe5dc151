import { newYorkDate, newYorkDayStart } from '../rules/new-york-time';

/** A statement's month: 'YYYY-MM', a calendar month in New York. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The New York month `date` falls in, as 'YYYY-MM': a send belongs to the statement of the month it was sent. */
export function newYorkMonth(date: Date): string {
  return newYorkDate(date).slice(0, 7);
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  if (number === 12) return `${String(year + 1).padStart(4, '0')}-01`;
  return `${month.slice(0, 4)}-${String(number + 1).padStart(2, '0')}`;
}

/** The month before 'YYYY-MM' (the statements screen opens on the month before the current one). */
export function previousMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  if (number === 1) return `${String(year - 1).padStart(4, '0')}-12`;
  return `${month.slice(0, 4)}-${String(number - 1).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM' for people: '2026-03' → 'March 2026' (a statement's title, on screen and in print). */
export function monthName(month: string): string {
  const [year = '', number = '1'] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? month} ${year}`;
}

/** The instants a New York month starts and ends (exclusive): midnight in New York on its first day and the next's. */
export function monthBounds(month: string): { from: Date; to: Date } {
  return { from: newYorkDayStart(`${month}-01`), to: newYorkDayStart(`${nextMonth(month)}-01`) };
}
