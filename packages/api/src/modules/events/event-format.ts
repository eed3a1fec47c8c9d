/** Money in minor units, formatted for an English reader: "£1,250.00". */
export function formatMoney(minor: number, currency: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/** HH:MM of an instant in an IANA time zone (24-hour): what the check-in shows. */
export function clockTimeIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "Tuesday, 16 March 2027, 09:00–17:30 (Europe/London)": an event's dates in its own time zone. */
export function formatEventWhen(event: { startsAt: Date; endsAt: Date; timeZone: string }): string {
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: event.timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(d);
  const start = day(event.startsAt);
  const end = day(event.endsAt);
  const times = `${clockTimeIn(event.startsAt, event.timeZone)}–${clockTimeIn(event.endsAt, event.timeZone)}`;
  return start === end
    ? `${start}, ${times} (${event.timeZone})`
    : `${start} ${clockTimeIn(event.startsAt, event.timeZone)} to ${end} ${clockTimeIn(event.endsAt, event.timeZone)} (${event.timeZone})`;
}
