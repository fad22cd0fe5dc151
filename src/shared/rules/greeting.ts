import { newYorkWallClock } from './new-york-time';

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** Morning before 12:00, afternoon before 17:00, evening otherwise, all in New York time. */
export function partOfDay(date: Date): PartOfDay {
  const { hour } = newYorkWallClock(date);
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** 'Good morning,' / 'Good afternoon,' / 'Good evening,' for `date` in New York. */
export function greetingLine(date: Date): string {
  return `Good ${partOfDay(date)},`;
}
