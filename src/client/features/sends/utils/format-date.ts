const sentAtFormats = new Map<string, Intl.DateTimeFormat>();

function sentAtFormat(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let format = sentAtFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    sentAtFormats.set(key, format);
  }
  return format;
}

/**
 * 'Mar 14, 2026, 3:05 pm': month abbreviation, day, year, 12-hour time with a lowercase am/pm. Built from the parts,
 * so the ICU version's spacing (a narrow no-break space before 'PM' in newer ones) never shows. The viewer's time zone
 * unless one is given.
 */
export function formatSentAt(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    sentAtFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}
