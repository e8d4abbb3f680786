/**
 * Dates and times on screen, in the spec's default date format
 * 'MMM d, yyyy hh:mm:ss a' ("Nov 25, 2026 03:04:05 AM") with the month name and
 * day period of the user's number-format locale, so every screen writes an
 * instant the same way (spec §9).
 */

/** An instant: a `Date`, or a number of seconds since the epoch (what chains and the API send). */
export type Instant = Date | number;

function toDate(instant: Instant): Date {
  return typeof instant === 'number' ? new Date(instant * 1000) : instant;
}

/** `instant` in the default date format. `timeZone` is for tests; the browser's zone otherwise. */
export function formatDateTime(instant: Instant, locale: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    ...(timeZone === undefined ? {} : { timeZone }),
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, options);
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', options);
  }
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const hour = part('hour').padStart(2, '0');
  return `${part('month')} ${part('day')}, ${part('year')} ${hour}:${part('minute')}:${part('second')} ${part('dayPeriod')}`.trim();
}

/** The machine-readable form for `<time dateTime>`, or undefined for an invalid instant. */
export function isoDateTime(instant: Instant): string | undefined {
  const date = toDate(instant);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
