import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The newsletter catalogue (spec §3 Newsletter); seeded, editable by admins. */
export const newsletters = pgTable('newsletters', {
  newsletterId: text('newsletter_id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  badges: text('badges')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** DAILY, PERSONALISED or WEEKLY (spec §4). */
  newsletterGroup: text('newsletter_group').notNull(),
  isExecutive: boolean('is_executive').notNull().default(false),
  isProfessional: boolean('is_professional').notNull().default(false),
  isTopic: boolean('is_topic').notNull().default(false),
  isVisibleOnOms: boolean('is_visible_on_oms').notNull().default(false),
  isPreselectedOnOms: boolean('is_preselected_on_oms').notNull().default(false),
  /** A topic letter's tag slug: its stories make its editions. */
  topicSlug: text('topic_slug'),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** A reader's subscription to one newsletter (spec §3 NewsletterSubscription, status §4). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    userId: text('user_id').notNull(),
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => newsletters.newsletterId, { onDelete: 'cascade' }),
    /** subscribed or unsubscribed. */
    status: text('status').notNull(),
    /** The address sends go to, kept with the subscription so a send needs no identity lookup. */
    email: text('email').notNull(),
    /** The personalised digest's last edition this reader was sent: the next holds what is newer. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.newsletterId] }),
    index('newsletter_subscriptions_newsletter_status_idx').on(table.newsletterId, table.status),
  ],
);

/**
 * Anonymous sign-ups waiting for confirmation (double opt-in), one row per address: the newsletters asked
 * for and when the last confirmation e-mail went (at most one per 10 minutes).
 */
export const newsletterSignupRequests = pgTable('newsletter_signup_requests', {
  email: text('email').primaryKey(),
  newsletterIds: text('newsletter_ids').array().notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  /** Set once confirmed; a replayed link is then a no-op. */
  confirmedNonce: text('confirmed_nonce'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Fixed-window counters of anonymous sign-up confirmation e-mails: per client IP (`ip:<address>`) and for
 * everyone (`all`), per hour, so a script cannot make the site mail strangers in bulk.
 */
export const newsletterSignupLimits = pgTable(
  'newsletter_signup_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** One edition of a newsletter: composed from published stories, rendered once, sent to every subscriber. */
export const newsletterEditions = pgTable('newsletter_editions', {
  id: uuid('id').primaryKey(),
  newsletterId: text('newsletter_id')
    .notNull()
    .references(() => newsletters.newsletterId),
  subject: text('subject').notNull(),
  storyIds: text('story_ids').array().notNull(),
  /** draft (the daily brief before its send, editable in the newsroom), queued, sending, sent. */
  status: text('status').notNull(),
  recipientCount: integer('recipient_count').notNull().default(0),
  /** The editors' introduction, shown above the stories. */
  intro: text('intro'),
  /** When the edition goes out (the daily brief's 06:00 UTC); null for one sent when made. */
  scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
  /** The newsroom member who last edited the draft, and when: an edited draft is no longer recomposed. */
  editedBy: text('edited_by'),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The send record: taken (inserted) before the courier is called, unique per edition and recipient, so a
 * retried or resumed job never delivers an edition twice to one reader.
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    /** taken (courier not yet answered), sent, failed. */
    status: text('status').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.userId] })],
);

/** What a reader follows (spec §3 UserFollow, follow types §4). */
export const userFollows = pgTable(
  'user_follows',
  {
    userId: text('user_id').notNull(),
    followsType: text('follows_type').notNull(),
    followsKey: text('follows_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.followsType, table.followsKey] }),
    index('user_follows_type_key_idx').on(table.followsType, table.followsKey),
  ],
);
