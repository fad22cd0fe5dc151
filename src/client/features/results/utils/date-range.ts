import { daysBefore, newYorkDate } from '#shared/rules/new-york-time';

export { daysBefore };

/** The last `days` days, today in New York included. */
export function lastDays(now: Date, days: number): { from: string; to: string } {
  const to = newYorkDate(now);
  return { from: daysBefore(to, days - 1), to };
}

/** The last 30 days, today in New York included. */
export const lastThirtyDays = (now: Date) => lastDays(now, 30);
