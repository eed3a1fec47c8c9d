import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { EventView } from '@bof/api/events';
import { formatEventWhen, formatMoney } from '@bof/api/event-format';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { opens } from '@bof/paywall/entitlements';
import { JsonLd } from '../../../components/content/json-ld';
import { eventPlace } from '../../../components/events/event-card';
import { TicketPurchase } from '../../../components/events/ticket-purchase';
import { PAYMENT_COUNTRIES } from '../../../components/subscriptions/payment-countries';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

async function eventOf(slug: string): Promise<EventView | null> {
  return (await runningServices()).events.bySlug(slug).catch(() => null);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const event = await eventOf((await params).slug);
  return event ? { title: event.title, description: event.summary } : { title: 'Event not found' };
}

/** schema.org Event for search engines: dates, place (venue or online), offers and speakers. */
function eventJsonLd(event: EventView, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/events/${event.slug}/`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.summary,
    startDate: event.startsAt.toISOString(),
    endDate: event.endsAt.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: event.venueName
      ? 'https://schema.org/OfflineEventAttendanceMode'
      : 'https://schema.org/OnlineEventAttendanceMode',
    location: event.venueName
      ? { '@type': 'Place', name: event.venueName, address: event.venueAddress ?? event.venueName }
      : { '@type': 'VirtualLocation', name: event.eventPlatform, url },
    url,
    performer: event.speakers.map((s) => ({ '@type': 'Person', name: `${s.firstName} ${s.lastName}` })),
    offers: event.ticketTypes.flatMap((t) =>
      t.prices.map((p) => ({
        '@type': 'Offer',
        name: t.name,
        price: (p.amount / 100).toFixed(2),
        priceCurrency: p.currency,
        availability: t.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        validFrom: t.salesStartAt.toISOString(),
        url,
      })),
    ),
  };
}

/** An event: when and where, what it is, its speakers, its tickets with prices, and buying them. */
export default async function EventPage({ params }: Props) {
  const event = await eventOf((await params).slug);
  if (!event) notFound();
  const [{ env }, { locale, country }, claims] = await Promise.all([
    runningServices(),
    readerLocale(),
    getServerViewer(),
  ]);
  const viewer = claims ? viewerFromClaims(claims) : null;
  const upcoming = event.endsAt > new Date();
  return (
    <article className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_24rem]">
      <JsonLd data={eventJsonLd(event, env.siteUrl)} />
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">
          <Link href="/events/">Events</Link>
        </p>
        <h1 className="mt-2 font-serif text-4xl font-bold">{event.title}</h1>
        <p className="mt-4 text-lg">{event.summary}</p>
        <dl className="mt-6 space-y-2">
          <div>
            <dt className="font-semibold">When</dt>
            <dd>
              <time dateTime={event.startsAt.toISOString()}>{formatEventWhen(event)}</time>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Where</dt>
            <dd>{eventPlace(event)}</dd>
          </div>
        </dl>
        <div
          className="rich-text mt-8 space-y-4"
          dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
        />
        {event.speakers.length > 0 ? (
          <section aria-labelledby="speakers-heading" className="mt-10">
            <h2 id="speakers-heading" className="font-serif text-2xl font-bold">
              Speakers
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {event.speakers.map((s) => (
                <li key={s.profileId}>
                  <p className="font-semibold">
                    {s.firstName} {s.lastName}
                  </p>
                  <p className="text-sm text-muted">{s.title}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <aside aria-labelledby="tickets-heading" className="h-fit rounded border border-rule bg-surface p-6">
        <h2 id="tickets-heading" className="font-serif text-2xl font-bold">
          Tickets
        </h2>
        <ul className="mt-4 space-y-3">
          {event.ticketTypes.map((t) => (
            <li key={t.id}>
              <p className="font-semibold">{t.name}</p>
              <p>{t.prices.map((p) => formatMoney(p.amount, p.currency, locale)).join(' · ')}</p>
              <p className="text-sm text-muted">
                {!upcoming
                  ? 'This event has taken place.'
                  : t.available === 0
                    ? 'Sold out'
                    : t.onSale
                      ? `On sale until ${t.salesEndAt.toLocaleDateString(locale, { dateStyle: 'long', timeZone: event.timeZone })}`
                      : 'Not on sale'}
                {t.memberDiscountPercent > 0 ? ` · members save ${t.memberDiscountPercent}%` : ''}
              </p>
            </li>
          ))}
        </ul>
        {upcoming ? (
          <TicketPurchase
            event={{
              eventId: event.id,
              slug: event.slug,
              title: event.title,
              eventPlatform: event.eventPlatform,
            }}
            ticketTypes={event.ticketTypes}
            locale={locale}
            countries={[...PAYMENT_COUNTRIES]}
            defaultCountry={country && /^[A-Z]{2}$/.test(country) ? country : 'GB'}
            memberPricing={viewer ? opens(viewer.membershipLevel, 'members') : false}
            testCardsHint={env.embedded}
            recurly={
              env.billing.recurly
                ? { publicKey: env.billing.recurly.publicKey, scriptUrl: env.billing.recurly.scriptUrl }
                : null
            }
          />
        ) : null}
        {viewer?.isBofAdmin ? (
          <p className="mt-6 flex flex-wrap gap-4 text-sm">
            <Link href={`/events/${event.slug}/check-in/`}>Check-in</Link>
            <Link href={`/events/${event.slug}/orders/`}>Orders</Link>
          </p>
        ) : null}
      </aside>
    </article>
  );
}
