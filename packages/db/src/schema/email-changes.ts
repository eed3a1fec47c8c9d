import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A reader's requested change of e-mail address, waiting for the code sent to the new address. One row
 * per account (a new request replaces the pending one); only the code's hash is stored. The row stays
 * after it is used, so the per-hour limit on codes (`sends` since `sends_window_start`) holds.
 */
export const emailChangeRequests = pgTable('email_change_requests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.userId, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  /** Wrong codes entered for this request. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the change was made, or given up after too many wrong codes: the code no longer works. */
  usedAt: timestamp('used_at', { withTimezone: true }),
  sendsWindowStart: timestamp('sends_window_start', { withTimezone: true }).notNull(),
  sends: integer('sends').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
