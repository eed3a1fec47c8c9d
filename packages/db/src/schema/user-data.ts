import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { countries, jobFunctions, jobIndustries, jobLevels } from './reference';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
};

/**
 * A reader's personal details (spec §3 UserData), completed on one-more-step and edited on the account
 * page. The reference columns hold keys of the reference lists.
 */
export const userData = pgTable(
  'user_data',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country').references(() => countries.key, { onUpdate: 'cascade' }),
    jobFunction: text('job_function').references(() => jobFunctions.key, { onUpdate: 'cascade' }),
    jobIndustry: text('job_industry').references(() => jobIndustries.key, { onUpdate: 'cascade' }),
    jobLevel: text('job_level').references(() => jobLevels.key, { onUpdate: 'cascade' }),
    organisationTitle: text('organisation_title'),
    ...timestamps,
  },
  (t) => [
    // The organisation users search matches part of the name as one string (first, last, or both);
    // without fastupdate, as PGlite runs no autovacuum to empty a pending list.
    index('user_data_name_trgm')
      .using('gin', sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`)
      .with({ fastupdate: 'off' }),
  ],
);

/**
 * A student's academic e-mail address and its verification (spec §3 UserAcademicData). The code is
 * stored as a hash and never leaves the server.
 */
export const userAcademicData = pgTable(
  'user_academic_data',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** An HMAC of the code, keyed by a server secret and bound to the reader and the address. */
    emailVerificationCodeHash: text('email_verification_code_hash'),
    emailVerifiedDateTime: timestamp('email_verified_date_time', { withTimezone: true }),
    graduationYear: integer('graduation_year'),
    /** The institution the address belongs to, when the domain lists name one. */
    institution: text('institution'),
    /** When the current code stops working. */
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Tries at the current code, right or wrong; the fifth wrong one voids it. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    ...timestamps,
  },
  // One academic address verifies one reader at a time.
  (t) => [
    uniqueIndex('user_academic_data_verified_email')
      .on(t.email)
      .where(sql`${t.emailVerified}`),
  ],
);

/**
 * Academic domains the product decides itself, over the shipped list of institutions: `allow` accepts a
 * domain (and its subdomains) the list lacks, `deny` refuses one it holds. Edited by admins.
 */
export const academicDomainRules = pgTable('academic_domain_rules', {
  domain: text('domain').primaryKey(),
  rule: text('rule', { enum: ['allow', 'deny'] }).notNull(),
  institution: text('institution'),
  changedBy: text('changed_by').notNull(),
  ...timestamps,
});

/**
 * The graduation notice of one student subscription's renewal: sent 14 days before the renewal after
 * the reader's graduation year, when the subscription moves to the standard individual plan (unless the
 * reader cancels). One row per subscription and renewal, so a notice goes out once.
 */
export const studentGraduationNotices = pgTable(
  'student_graduation_notices',
  {
    subscriptionUuid: text('subscription_uuid').notNull(),
    renewsAt: timestamp('renews_at', { withTimezone: true }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    movedAt: timestamp('moved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('student_graduation_notices_renewal').on(t.subscriptionUuid, t.renewsAt)],
);

/** Readers enrolled in the Quilt beta (spec §6 beta tester: `isQuiltBetaTester`). */
export const quiltBetaTesters = pgTable('quilt_beta_testers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.userId, { onDelete: 'cascade' }),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
