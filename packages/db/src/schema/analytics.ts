import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Events the embedded analytics collector accepted (docs/architecture.md §1): one row per tracker event,
 * keyed by the tracker's event id so a resent batch is stored once. `payload` keeps the protocol fields
 * with the self-describing event and its entities decoded.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    eventId: uuid('event_id').primaryKey(),
    /** pv page view, pp page ping, ue self-describing event, se structured event. */
    eventType: text('event_type').notNull(),
    /** The Iglu URI of a self-describing event; null for the others. */
    schema: text('schema'),
    appId: text('app_id'),
    userId: text('user_id'),
    domainUserId: text('domain_user_id'),
    sessionId: text('session_id'),
    pageUrl: text('page_url'),
    deviceCreatedAt: timestamp('device_created_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (table) => [
    index('analytics_events_collected_at_idx').on(table.collectedAt),
    index('analytics_events_schema_idx').on(table.schema),
  ],
);

/**
 * Events the collector refused, with the reason: never dropped, so a broken tracker shows up. `payload` is
 * the refused value's JSON text exactly as it arrived (text, not jsonb: a refused event may hold U+0000 or
 * an unpaired surrogate, which jsonb cannot store, and the row must still be written).
 */
export const analyticsBadRows = pgTable(
  'analytics_bad_rows',
  {
    id: uuid('id').primaryKey(),
    /** invalid_tracker_payload, not_self_describing, unknown_schema or invalid_data. */
    reasonCode: text('reason_code').notNull(),
    /** The problems found: `[{ path, message }]`. */
    reason: jsonb('reason').notNull(),
    schema: text('schema'),
    payload: text('payload').notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('analytics_bad_rows_collected_at_idx').on(table.collectedAt)],
);
