import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A browser's Web Push subscription (one per browser profile and device), held for the reader who made
 * it. The push service's endpoint is unique: subscribing again from the same browser replaces its keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (65 bytes, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret (16 bytes, base64url). */
    auth: text('auth').notNull(),
    /** A short label of the browser, shown to the reader beside the subscription. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** When the push service last accepted a notification for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/** A reader's switch for one kind of notification (`followed_topics`, `breaking_news`); off when absent. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    index('notification_preferences_kind_idx').on(table.kind, table.enabled),
  ],
);

/**
 * One row per reader and story notified about (or held back by the rate limit): the key makes "once per
 * story" hold however many fan-outs run at once.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    userId: text('user_id').notNull(),
    storyId: uuid('story_id').notNull(),
    kind: text('kind').notNull(),
    /** `sent`, or `rate_limited` when the reader had reached the hour's limit. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] })],
);

/** Followed-topic notifications per reader per hour (fixed windows), counted by a conditional upsert. */
export const notificationRateWindows = pgTable(
  'notification_rate_windows',
  {
    userId: text('user_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.windowStart] })],
);

/** One row per subscription and story: a retried delivery job sends to a subscription at most once. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id').notNull(),
    /** `pending` until the push service accepts it, then `sent`. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.storyId] })],
);
