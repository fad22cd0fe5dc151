export const NEW_YORK_TIME_ZONE = 'America/New_York';

// Built once: creating an Intl.DateTimeFormat is far costlier than using one.
const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: NEW_YORK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function formattedWallClock(date: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of newYorkParts.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const HOUR_MS = 3_600_000;
// New York's offset from UTC in ms for each UTC hour asked about, cached: Intl's formatting costs microseconds, and a
// results file of a million rows asks for few distinct hours. New York's clocks change on the hour in UTC, so one
// offset holds for a whole UTC hour.
const offsetByUtcHour = new Map<number, number>();

function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const wall = formattedWallClock(new Date(start));
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - start;
    if (offsetByUtcHour.size >= 100_000) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

/** The wall-clock time in New York at `date`, whatever the machine's own time zone. */
export function newYorkWallClock(date: Date): WallClock {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return formattedWallClock(date);
  const wall = new Date(ms + offsetAt(ms));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The calendar date in New York at `date`, as 'YYYY-MM-DD'. */
export function newYorkDate(date: Date): string {
  const { year, month, day } = newYorkWallClock(date);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The wall-clock time in New York at `date` as 'YYYY-MM-DDTHH:MM', which sorts as text. */
export function newYorkStamp(date: Date): string {
  const { year, month, day, hour, minute } = newYorkWallClock(date);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/**
 * The instant New York's calendar day `day` ('YYYY-MM-DD') begins: 04:00 or 05:00 UTC, by daylight saving time.
 * Midnight always exists in New York (the clocks change at 2 a.m.), so this is one instant.
 */
export function newYorkDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, date);
  let start = midnightAsUtc;
  // Twice: New York's offset is read at the first guess, which may fall on the other side of a change.
  for (let step = 0; step < 2; step++) {
    const wall = newYorkWallClock(new Date(start));
    start += midnightAsUtc - Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  }
  return new Date(start);
}

/** The calendar day after `day` ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `days` calendar days before `day` (calendar arithmetic in UTC: no time zone shifts a date). */
export function daysBefore(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar day an end date stands for, as 'YYYY-MM-DD', or null when it is empty or unreadable.
 * A plain date is taken as written; a date-time (what a date picker's toISOString() gives) is read
 * in New York time, so midnight in any American time zone stays on the day that was picked.
 */
export function endDateDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (DATE_ONLY.test(trimmed)) return isRealDay(trimmed) ? trimmed : null;
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? null : newYorkDate(parsed);
}

function isRealDay(day: string): boolean {
  const [, y, m, d] = DATE_ONLY.exec(day) ?? [];
  const utc = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return utc.getUTCFullYear() === Number(y) && utc.getUTCMonth() === Number(m) - 1 && utc.getUTCDate() === Number(d);
}
