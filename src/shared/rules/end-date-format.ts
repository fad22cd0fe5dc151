import { endDateDay } from './new-york-time';

// Two formats on purpose: the e-mail writes the month out, the Deployment Log's compact details abbreviate it.
// Both read the end date as the same calendar day (endDateDay), so the log and the e-mail never disagree on it.
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

function formatDay(format: Intl.DateTimeFormat, value: string | null | undefined): string | null {
  const day = endDateDay(value);
  if (day === null) return null;
  const [y, m, d] = day.split('-').map(Number);
  return format.format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
}

/** 'March 14, 2026', as the e-mail and the send page's warnings write an end date; null when it is empty or unreadable. */
export function formatEndDateLong(value: string | null | undefined): string | null {
  return formatDay(longDate, value);
}

/** 'Mar 14, 2026', as the Deployment Log writes an end date; null when it is empty or unreadable. */
export function formatEndDateShort(value: string | null | undefined): string | null {
  return formatDay(shortDate, value);
}
