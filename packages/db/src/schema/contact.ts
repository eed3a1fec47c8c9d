import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * An enquiry sent from one of the contact pages (spec §2 /contact/{professional,student,insights,media}/).
 * Kept whole, so nothing is lost when the desk's mailbox is not reachable; `user_id` is the signed-in
 * reader who sent it, if any.
 */
export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organisation: text('organisation'),
    message: text('message').notNull(),
    userId: text('user_id'),
    /** The address the enquiry came from (the client IP as the server saw it), for the sending limits. */
    senderIp: text('sender_ip'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('contact_enquiries_email_created_idx').on(table.email, table.createdAt),
    index('contact_enquiries_sender_ip_created_idx').on(table.senderIp, table.createdAt),
  ],
);
