import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { articles } from './content';

/**
 * A signed-in reader's counted reads of gated articles (the meter of the access issue), kept on the
 * server so the meter follows the reader across browsers: merged into the paywall session cookie each time
 * the product token is refreshed. One row per reader and article; `read_at` is the latest counted read.
 */
export const meterReads = pgTable(
  'meter_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('meter_reads_user_read_at').on(t.userId, t.readAt),
  ],
);

/**
 * An anonymous browser's counted reads, by the browser id (`sid`) of its signed `bof_meter` cookie: the
 * server's record that a replayed or older copy of the cookie is checked against (ADR 3). One row per
 * browser and article; rows older than the meter window are pruned (`read_at` index).
 */
export const anonymousMeterReads = pgTable(
  'anonymous_meter_reads',
  {
    browserId: text('browser_id').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.browserId, t.articleId] }),
    index('anonymous_meter_reads_read_at').on(t.readAt),
  ],
);

/**
 * A story a member gifted (`createStoryGift`): its link opens the whole story for anyone, without an
 * account, until `expires_at`, for at most `max_readers` distinct readers, unless the giver revokes it.
 */
export const storyGifts = pgTable(
  'story_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giverUserId: text('giver_user_id')
      .notNull()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    maxReaders: integer('max_readers').notNull(),
  },
  (t) => [index('story_gifts_giver_created').on(t.giverUserId, t.createdAt)],
);

/** The distinct readers who opened a gift: a signed-in reader's id, or an anonymous browser's meter id. */
export const storyGiftReaders = pgTable(
  'story_gift_readers',
  {
    giftId: uuid('gift_id')
      .notNull()
      .references(() => storyGifts.id, { onDelete: 'cascade' }),
    readerKey: text('reader_key').notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.giftId, t.readerKey] })],
);
