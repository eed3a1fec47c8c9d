/**
 * The one way the site writes dates, on stories and account pages alike. The pages are in British
 * English (the document's `lang`), so every date is written in that locale's long form,
 * `14 October 2026`; a time, where one matters (where a reader is signed in), follows it:
 * `14 October 2026 at 09:05`. Reader-specific locales choose currencies, not date formats.
 */
export const SITE_LOCALE = 'en-GB';

const DATE = new Intl.DateTimeFormat(SITE_LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // Dates are calendar days of the stored instant in UTC, so the server and every browser agree.
  timeZone: 'UTC',
});

/** A date: `14 October 2026`. A string is read as an ISO 8601 instant. */
export function formatDate(value: Date | string): string {
  return DATE.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A date with the time of day: `14 October 2026 at 09:05`, in `timeZone` (the reader's own when left
 * out, for pages drawn in the browser).
 */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat(SITE_LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof value === 'string' ? new Date(value) : value);
}
