import { newYorkWallClock } from '../rules/new-york-time';

/** A result code as compared: trimmed and lower-cased ('  SRC-A ' and 'src-a' are one code). */
export function normaliseCode(value: string): string {
  return value.trim().toLowerCase();
}

/** A donor's e-mail as it is hashed and compared: trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const AMOUNT = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/;

/**
 * An amount of money as written in an export ('25', '25.5', '$1,234.56', '-10.00', '(10.00)') in integer cents, read
 * from the digits (never through a floating-point number); null when it is not an amount.
 */
export function parseCents(value: string): number | null {
  // '−' (U+2212, a typeset minus) as '-'; '$-50' as '-$50'.
  let text = value
    .trim()
    .replace(/^\u2212/, '-')
    .replace(/^\$-/, '-$');
  let isNegative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    isNegative = true;
    text = text.slice(1, -1).trim();
  }
  const match = AMOUNT.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const whole = (match[2] ?? '0').replaceAll(',', '');
  if (whole.length > 13) return null;
  const cents = Number(whole) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return isNegative || match[1] ? -cents : cents;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;

// New York's offset from UTC for one wall-clock hour, cached: a file of a million rows has few distinct hours.
const offsetByHour = new Map<number, number>();

/** The instant at which New York's clocks show the given wall-clock time (the later reading in the repeated hour). */
export function newYorkWallTimeToUtc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const key = ((year * 16 + month) * 32 + day) * 32 + hour;
  let offset = offsetByHour.get(key);
  if (offset === undefined) {
    const hourAsUtc = Date.UTC(year, month - 1, day, hour);
    let guess = hourAsUtc + 5 * 3_600_000;
    // Twice: the offset read at the first guess may be on the other side of a change.
    for (let step = 0; step < 2; step++) {
      const wall = newYorkWallClock(new Date(guess));
      guess += hourAsUtc - Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    }
    offset = guess - hourAsUtc;
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(key, offset);
  }
  return new Date(wallAsUtc + offset);
}

function isRealDate(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR
  );
}

/** The years a contribution's date may fall in: what every date computation here and the database's columns hold. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** Whether a text that is no readable date names a year outside MIN_YEAR–MAX_YEAR (for a clearer message). */
export function isYearOutOfRange(value: string): boolean {
  const match = /^\s*(\d{1,6})-|\/(\d{1,6})(?:[\s,]|$)/.exec(value);
  const year = Number(match?.[1] ?? match?.[2] ?? NaN);
  return Number.isInteger(year) && (year < MIN_YEAR || year > MAX_YEAR);
}

/**
 * A contribution's date as the platforms write it, read as US Eastern time unless it carries its own offset:
 * '2026-11-03 14:05:09', '2026-11-03', '11/3/2026 2:05 PM', '2026-11-03T19:05:09Z'. Null when unreadable.
 */
export function parseNewYorkDateTime(value: string): Date | null {
  const text = value.trim();
  if (ISO_WITH_ZONE.test(text)) {
    const date = new Date(text);
    const year = date.getUTCFullYear();
    return Number.isNaN(date.getTime()) || year < MIN_YEAR || year > MAX_YEAR ? null : date;
  }
  let parts: number[];
  const ymd = YMD.exec(text);
  if (ymd) {
    parts = [ymd[1], ymd[2], ymd[3], ymd[4], ymd[5], ymd[6]].map((part) => Number(part ?? 0));
  } else {
    const mdy = MDY.exec(text);
    if (!mdy) return null;
    let hour = Number(mdy[4] ?? 0);
    const meridiem = mdy[7]?.toLowerCase();
    if (meridiem) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    }
    parts = [Number(mdy[3]), Number(mdy[1]), Number(mdy[2]), hour, Number(mdy[5] ?? 0), Number(mdy[6] ?? 0)];
  }
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (!isRealDate(year, month, day, hour, minute, second)) return null;
  return newYorkWallTimeToUtc(year, month, day, hour, minute, second);
}

/**
 * The earliest instant a send may have been mailed to count for a contribution at `at`: the same New York wall-clock
 * time `days` calendar days before (so a window spanning a clock change is still whole New York days).
 */
export function windowStart(at: Date, days: number): Date {
  const ms = at.getTime();
  // New York's offsets are whole hours that change on the hour in UTC, so within one UTC hour the window starts the
  // same time before: kept per hour and window for the rows of a file (a million rows span few hours).
  if (!Number.isInteger(days) || days < 0 || days > 9_999 || !(ms >= SINCE_WHOLE_HOURS)) return windowStartOf(at, days);
  const hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const key = (hourStart / HOUR_MS) * 10_000 + days;
  let before = windowBeforeByHour.get(key);
  if (before === undefined) {
    before = hourStart - windowStartOf(new Date(hourStart), days).getTime();
    if (windowBeforeByHour.size > 100_000) windowBeforeByHour.clear();
    windowBeforeByHour.set(key, before);
  }
  return new Date(ms - before);
}

const HOUR_MS = 3_600_000;
// 1900-01-01: before 1883 New York kept local mean time, whose offset is not whole hours.
const SINCE_WHOLE_HOURS = Date.UTC(1900, 0, 1);
const windowBeforeByHour = new Map<number, number>();

/** windowStart worked out for one instant, without the kept hours (exported for its test). */
export function windowStartOf(at: Date, days: number): Date {
  const wall = newYorkWallClock(at);
  const seconds = at.getUTCSeconds();
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - days));
  return new Date(
    newYorkWallTimeToUtc(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      wall.hour,
      wall.minute,
      seconds,
    ).getTime() + at.getUTCMilliseconds(),
  );
}

const NO_PARAMETERS: ReadonlyMap<string, string> = new Map();

/**
 * The parameters of a URL's query as URLSearchParams reads them ('+' a space, %XX escapes decoded, a malformed one as
 * U+FFFD), the first value of each name, names lower-cased ('UTM_SOURCE' is utm_source); none when it has no query.
 * Any text with a '?' before its '#' is read (a landing URL may come without its scheme, which URL would refuse).
 */
export function urlParameters(url: string): ReadonlyMap<string, string> {
  const query = url.indexOf('?');
  if (query < 0) return NO_PARAMETERS;
  const hash = url.indexOf('#');
  if (hash >= 0 && hash < query) return NO_PARAMETERS;
  const parameters = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(url.slice(query + 1, hash < 0 ? undefined : hash))) {
    const key = name.toLowerCase();
    if (!parameters.has(key)) parameters.set(key, value);
  }
  return parameters;
}

/** One parameter of a URL's query (urlParameters), or null. */
export function urlParameter(url: string, name: string): string | null {
  return urlParameters(url).get(name) ?? null;
}
