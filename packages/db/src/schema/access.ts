import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
