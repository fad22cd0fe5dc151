import { newYorkDate } from '#shared/rules/new-york-time';

/** 'YYYY-MM-DD' `days` calendar days before `day` (calendar arithmetic in UTC: no time zone shifts a date). */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! - days)).toISOString().slice(0, 10);
}

/** The last 30 days, today in New York included. */
export function lastThirtyDays(now: Date): { from: string; to: string } {
  const to = newYorkDate(now);
  return { from: daysBefore(to, 29), to };
}
