import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Fraud detection's verdict on a sign-in, one per identity session: asked when the first product token of
 * that identity session is issued, then reused by every later refresh of it (so a challenged sign-in stays
 * challenged and a denied one stays denied, without asking again each time).
 */
export const signInRiskVerdicts = pgTable(
  'sign_in_risk_verdicts',
  {
    identitySessionId: text('identity_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    /** allow, challenge or deny. */
    verdict: text('verdict').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_risk_verdicts_user_id_idx').on(table.userId)],
);
