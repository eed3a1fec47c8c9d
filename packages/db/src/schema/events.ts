import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const now = () => sql`now()`;

/**
 * An event (spec §1, issue 21): held at a venue or on an online platform (`event_platform`), between
 * two instants shown in its IANA `time_zone`. `description_html` is sanitised before it is stored;
 * speakers are person profiles. Only published events are shown or sold.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    descriptionHtml: text('description_html').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    venueName: text('venue_name'),
    venueAddress: text('venue_address'),
    eventPlatform: text('event_platform'),
    speakerProfileIds: uuid('speaker_profile_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    published: boolean('published').notNull().default(false),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [uniqueIndex('events_slug').on(t.slug), index('events_starts_at').on(t.startsAt)],
);

/**
 * A kind of ticket to an event: its price in each currency it is sold in (integer minor units), how
 * many there are (`quantity`) and how many are taken (`sold`, never above `quantity`: a check and the
 * conditional update that takes stock), when it is on sale, and the discount members get.
 */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prices: jsonb('prices').$type<Partial<Record<string, number>>>().notNull(),
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    salesStartAt: at('sales_start_at').notNull(),
    salesEndAt: at('sales_end_at').notNull(),
    memberDiscountPercent: integer('member_discount_percent').notNull().default(0),
    position: integer('position').notNull(),
  },
  (t) => [index('event_ticket_types_event').on(t.eventId, t.position)],
);

/**
 * An order (`orderId`): one reader's purchase of tickets of one type, written under its purchase key
 * before the billing provider is charged. `holds_stock` says whether its quantity is counted in the
 * type's `sold` now: taken with the stock, given back when the charge fails or the order is refunded.
 * Status: pending (the charge in flight), challenge (the bank asked for 3-D Secure), declined,
 * failed (the provider could not be reached), paid, refunded.
 */
export const eventOrders = pgTable(
  'event_orders',
  {
    id: uuid('id').primaryKey(),
    purchaseKey: text('purchase_key').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    memberDiscountPercent: integer('member_discount_percent').notNull().default(0),
    status: text('status')
      .$type<'pending' | 'challenge' | 'declined' | 'failed' | 'paid' | 'refunded'>()
      .notNull(),
    holdsStock: boolean('holds_stock').notNull().default(false),
    chargeId: text('charge_id'),
    message: text('message'),
    refundedAt: at('refunded_at'),
    refundedBy: text('refunded_by'),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('event_orders_purchase_key').on(t.purchaseKey),
    index('event_orders_user').on(t.userId, t.createdAt),
    index('event_orders_event').on(t.eventId, t.createdAt),
  ],
);

/** One ticket of a paid order: its signed code (the QR image's text), and its admission at the door. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => eventOrders.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    admittedAt: at('admitted_at'),
    admittedBy: text('admitted_by'),
  },
  (t) => [
    uniqueIndex('event_tickets_code').on(t.code),
    index('event_tickets_order').on(t.orderId, t.position),
  ],
);
