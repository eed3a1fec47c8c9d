import type { Metadata } from 'next';
import { runningServices } from '@bof/api/running-services';
import { EventCard } from '../../components/events/event-card';
import { readerLocale } from '../../server/reader-locale';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Events',
  description: 'Summits, briefings and roundtables for the fashion business, in person and online.',
};

/** The events index: upcoming events, soonest first, then past ones below, latest first. */
export default async function EventsPage() {
  const [{ events }, { locale }] = await Promise.all([runningServices(), readerLocale()]);
  const { upcoming, past } = await events.list();
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-4xl font-bold">Events</h1>
      <p className="mt-2 text-muted">
        Summits, briefings and roundtables, in person and online. Members save on most tickets.
      </p>
      <section aria-labelledby="upcoming-heading" className="mt-10">
        <h2 id="upcoming-heading" className="font-serif text-2xl font-bold">
          Upcoming
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-4">No events are coming up just now. Look again soon.</p>
        ) : (
          upcoming.map((event) => <EventCard key={event.id} event={event} locale={locale} past={false} />)
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-heading" className="mt-12">
          <h2 id="past-heading" className="font-serif text-2xl font-bold">
            Past events
          </h2>
          {past.map((event) => (
            <EventCard key={event.id} event={event} locale={locale} past />
          ))}
        </section>
      ) : null}
    </div>
  );
}
