import Link from 'next/link';
import type { EventView } from '@bof/api/events';
import { formatEventWhen, formatMoney } from '@bof/api/event-format';

/** Where an event is held, in a line: its venue, or the online platform. */
export function eventPlace(event: Pick<EventView, 'venueName' | 'venueAddress' | 'eventPlatform'>): string {
  if (event.venueName) return [event.venueName, event.venueAddress].filter(Boolean).join(', ');
  return `Online, on ${event.eventPlatform ?? 'the web'}`;
}

/** The lowest price of an event's tickets in its first currency, for the list ("From £95.00"). */
function fromPrice(event: EventView, locale: string): string | null {
  const prices = event.ticketTypes.flatMap((t) => t.prices.slice(0, 1));
  if (prices.length === 0) return null;
  const cheapest = prices.reduce((a, b) => (b.currency === a.currency && b.amount < a.amount ? b : a));
  return `From ${formatMoney(cheapest.amount, cheapest.currency, locale)}`;
}

/** One event in the events index: title, when, where, and its lowest price. */
export function EventCard({ event, locale, past }: { event: EventView; locale: string; past: boolean }) {
  const price = past ? null : fromPrice(event, locale);
  return (
    <article className="border-b border-rule py-6" aria-labelledby={`event-${event.slug}`}>
      <h3 id={`event-${event.slug}`} className="font-serif text-2xl font-bold">
        <Link href={`/events/${event.slug}/`}>{event.title}</Link>
      </h3>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={event.startsAt.toISOString()}>{formatEventWhen(event)}</time>
      </p>
      <p className="text-sm text-muted">{eventPlace(event)}</p>
      <p className="mt-2">{event.summary}</p>
      {price ? <p className="mt-2 font-semibold">{price}</p> : null}
    </article>
  );
}
