import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisationProfiles } from './profiles';

const at = (name: string) => timestamp(name, { withTimezone: true });
const now = () => sql`now()`;

/**
 * A job listing of the careers board (spec §1, §2; issue 21; ADR 37). The employer is an organisation
 * profile; function, industry and level are keys of the reference lists. `description_html` is sanitised
 * before it is stored. Exactly one of `apply_url` (http/https) and `apply_email` is set. A listing is on
 * the board while `status` is 'published' and `closes_at` is in the future; 30 days after it closed its
 * page answers 410. `status`: pending (awaiting a newsroom admin), published, rejected.
 * `source`: employer (posted from an account), feed (a partner feed, with `external_id`), demo.
 */
export const jobListings = pgTable(
  'job_listings',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    employerProfileId: uuid('employer_profile_id')
      .notNull()
      .references(() => organisationProfiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    location: text('location').notNull(),
    workplace: text('workplace').notNull(),
    jobFunction: text('job_function').notNull(),
    jobIndustry: text('job_industry').notNull(),
    jobLevel: text('job_level').notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    closesAt: at('closes_at').notNull(),
    descriptionHtml: text('description_html').notNull(),
    applyUrl: text('apply_url'),
    applyEmail: text('apply_email'),
    featured: boolean('featured').notNull().default(false),
    status: text('status').notNull(),
    source: text('source').notNull(),
    externalId: text('external_id'),
    submittedBy: text('submitted_by').notNull(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    rejectedReason: text('rejected_reason'),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('job_listings_slug').on(t.slug),
    uniqueIndex('job_listings_feed_id').on(t.source, t.externalId),
    index('job_listings_board').on(t.status, t.closesAt),
    index('job_listings_employer').on(t.employerProfileId, t.createdAt),
  ],
);

/** A reader's saved job. */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: text('user_id').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobListings.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

/**
 * A job alert: a reader's saved search (words and filters), e-mailed weekly with the listings published
 * since it was created that match it. `sent` records make each listing go out once per alert.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    query: text('query').notNull().default(''),
    workplace: text('workplace'),
    jobFunction: text('job_function'),
    jobIndustry: text('job_industry'),
    jobLevel: text('job_level'),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [index('job_alerts_user').on(t.userId, t.createdAt)],
);

/** A listing e-mailed by an alert: once per alert and listing, whatever the schedule does. */
export const jobAlertSends = pgTable(
  'job_alert_sends',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobListings.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.jobId] })],
);
