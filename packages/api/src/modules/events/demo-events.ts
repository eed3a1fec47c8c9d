import { createHash } from 'node:crypto';
import { demoId } from '../profiles/demo-profiles';
import { sanitizeRichText } from '../profiles/rich-text';
import type { NewEvent, NewTicketType } from './events.repo';

/** A stable id for a demo record, so a second seed run finds the first one's rows. */
function demoEventId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`bof-demo-event:${kind}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface DemoTicket {
  name: string;
  prices: Partial<Record<'GBP' | 'EUR' | 'USD' | 'INR', number>>;
  quantity: number;
  salesStartAt: string;
  salesEndAt: string;
  memberDiscountPercent: number;
}

interface DemoEvent {
  slug: string;
  title: string;
  summary: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venueName: string | null;
  venueAddress: string | null;
  eventPlatform: string | null;
  speakers: number[];
  tickets: DemoTicket[];
}

/**
 * The demo edition's events: invented, with invented venues and speakers from the demo people. Two have
 * taken place; the others are upcoming, with tickets on sale until they start.
 */
const DEMO_EVENTS: DemoEvent[] = [
  {
    slug: 'circular-materials-forum-2026',
    title: 'Circular Materials Forum 2026',
    summary: 'A day on fibre-to-fibre recycling, resale logistics and what regulation asks of brands next.',
    description:
      '<p>Mill owners, resale operators and brand sourcing leads compare what worked in their first year of take-back schemes.</p><p>Sessions: <strong>fibre-to-fibre at scale</strong>, the economics of repair, and a clinic on the new textile labelling rules.</p>',
    startsAt: '2026-03-12T09:00:00Z',
    endsAt: '2026-03-12T17:30:00Z',
    timeZone: 'Europe/London',
    venueName: 'The Granary Hall',
    venueAddress: '14 Wharf Lane, London',
    eventPlatform: null,
    speakers: [1, 4, 9],
    tickets: [
      {
        name: 'Standard',
        prices: { GBP: 29_500, EUR: 34_500, USD: 37_500 },
        quantity: 300,
        salesStartAt: '2025-11-01T00:00:00Z',
        salesEndAt: '2026-03-12T09:00:00Z',
        memberDiscountPercent: 20,
      },
    ],
  },
  {
    slug: 'retail-after-dark-2026',
    title: 'Retail After Dark: Evening Store Formats',
    summary: 'An online evening on late-opening stores, community events and what they do for sales.',
    description:
      '<p>Three store teams show the numbers behind their evening programmes, followed by questions from the audience.</p>',
    startsAt: '2026-06-18T17:00:00Z',
    endsAt: '2026-06-18T19:00:00Z',
    timeZone: 'Europe/Paris',
    venueName: null,
    venueAddress: null,
    eventPlatform: 'Zoom',
    speakers: [12, 15],
    tickets: [
      {
        name: 'Online pass',
        prices: { GBP: 4_500, EUR: 5_000, USD: 5_500 },
        quantity: 1000,
        salesStartAt: '2026-04-01T00:00:00Z',
        salesEndAt: '2026-06-18T17:00:00Z',
        memberDiscountPercent: 50,
      },
    ],
  },
  {
    slug: 'voices-of-fashion-summit-2027',
    title: 'Voices of Fashion Summit 2027',
    summary:
      'Two days of talks and workshops with founders, designers and investors shaping the next decade.',
    description:
      "<p>The summit opens with a conversation on building a fashion company that lasts, and closes with the year's emerging designers presenting their collections.</p><ul><li>Keynotes and panels on the main stage</li><li>Workshops on pricing, wholesale and direct sales</li><li>An evening reception for all pass holders</li></ul>",
    startsAt: '2027-03-16T09:00:00Z',
    endsAt: '2027-03-17T18:00:00Z',
    timeZone: 'Europe/London',
    venueName: 'Riverside Assembly Rooms',
    venueAddress: '2 Tannery Row, London',
    eventPlatform: null,
    speakers: [2, 7, 11, 20],
    tickets: [
      {
        name: 'Standard pass',
        prices: { GBP: 49_500, EUR: 57_500, USD: 62_500 },
        quantity: 50_000,
        salesStartAt: '2026-01-01T00:00:00Z',
        salesEndAt: '2027-03-16T09:00:00Z',
        memberDiscountPercent: 15,
      },
      {
        name: 'Student pass',
        prices: { GBP: 9_500, EUR: 11_000 },
        quantity: 200,
        salesStartAt: '2026-01-01T00:00:00Z',
        salesEndAt: '2027-03-16T09:00:00Z',
        memberDiscountPercent: 0,
      },
      {
        name: 'Early bird',
        prices: { GBP: 39_500, EUR: 45_500, USD: 49_500 },
        quantity: 150,
        salesStartAt: '2026-01-01T00:00:00Z',
        salesEndAt: '2026-06-30T23:00:00Z',
        memberDiscountPercent: 15,
      },
    ],
  },
  {
    slug: 'beauty-supply-chain-briefing-2027',
    title: 'Beauty Supply Chain Briefing',
    summary: 'An online briefing on ingredient sourcing, packaging rules and contract manufacturing.',
    description:
      "<p>Analysts walk through the quarter's changes in ingredient prices and the packaging rules coming into force, then take questions.</p>",
    startsAt: '2027-01-21T15:00:00Z',
    endsAt: '2027-01-21T16:30:00Z',
    timeZone: 'America/New_York',
    venueName: null,
    venueAddress: null,
    eventPlatform: 'Microsoft Teams',
    speakers: [5, 18],
    tickets: [
      {
        name: 'Online seat',
        prices: { USD: 7_500, GBP: 6_000, EUR: 7_000, INR: 650_000 },
        quantity: 5_000,
        salesStartAt: '2026-09-01T00:00:00Z',
        salesEndAt: '2027-01-21T15:00:00Z',
        memberDiscountPercent: 100,
      },
    ],
  },
  {
    slug: 'textile-futures-mumbai-2027',
    title: 'Textile Futures Mumbai',
    summary: "Handloom, mills and export markets: a day with the makers supplying the world's brands.",
    description:
      '<p>Cooperatives and mills present how they price, certify and ship, with a marketplace of samples in the afternoon.</p>',
    startsAt: '2027-02-10T04:00:00Z',
    endsAt: '2027-02-10T12:30:00Z',
    timeZone: 'Asia/Kolkata',
    venueName: 'Harbourline Convention Centre',
    venueAddress: 'Plot 7, Dock Road, Mumbai',
    eventPlatform: null,
    speakers: [3, 14, 22],
    tickets: [
      {
        name: 'Delegate',
        prices: { INR: 1_500_000, USD: 18_000, GBP: 14_500 },
        quantity: 400,
        salesStartAt: '2026-08-01T00:00:00Z',
        salesEndAt: '2027-02-10T04:00:00Z',
        memberDiscountPercent: 10,
      },
    ],
  },
  {
    slug: 'new-york-wholesale-roundtable-2027',
    title: 'New York Wholesale Roundtable',
    summary: 'Buyers and brands on terms, margins and the return of the trade show.',
    description:
      '<p>A small roundtable for brand founders and department store buyers, under the Chatham House rule.</p>',
    startsAt: '2027-04-22T13:00:00Z',
    endsAt: '2027-04-22T18:00:00Z',
    timeZone: 'America/New_York',
    venueName: 'Loft Nine',
    venueAddress: '311 Garment Street, New York',
    eventPlatform: null,
    speakers: [6, 16],
    tickets: [
      {
        name: 'Roundtable seat',
        prices: { USD: 35_000 },
        quantity: 60,
        salesStartAt: '2026-10-01T00:00:00Z',
        salesEndAt: '2027-04-22T13:00:00Z',
        memberDiscountPercent: 10,
      },
    ],
  },
];

/** The demo events and their ticket types as rows to insert. */
export function demoEvents(): { event: NewEvent; types: NewTicketType[] }[] {
  return DEMO_EVENTS.map((e) => {
    const id = demoEventId('event', e.slug);
    return {
      event: {
        id,
        slug: e.slug,
        title: e.title,
        summary: e.summary,
        descriptionHtml: sanitizeRichText(e.description),
        startsAt: new Date(e.startsAt),
        endsAt: new Date(e.endsAt),
        timeZone: e.timeZone,
        venueName: e.venueName,
        venueAddress: e.venueAddress,
        eventPlatform: e.eventPlatform,
        speakerProfileIds: e.speakers.map((i) => demoId('person', i)),
        published: true,
      },
      types: e.tickets.map((t, position) => ({
        id: demoEventId('ticket-type', `${e.slug}:${t.name}`),
        eventId: id,
        name: t.name,
        prices: t.prices,
        quantity: t.quantity,
        salesStartAt: new Date(t.salesStartAt),
        salesEndAt: new Date(t.salesEndAt),
        memberDiscountPercent: t.memberDiscountPercent,
        position,
      })),
    };
  });
}
