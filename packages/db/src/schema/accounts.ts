import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The product's record of a person who has signed in: keyed by the identity provider's identity id
 * (the token's `user_id`). Holds what the identity provider does not: the admin flag and the identity
 * session in which the account first signed in (the token's `is_first_login`).
 */
export const accounts = pgTable('accounts', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  isBofAdmin: boolean('is_bof_admin').notNull().default(false),
  firstSessionId: text('first_session_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
