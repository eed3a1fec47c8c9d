import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
export const userData = pgTable('user_data', {
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
});

/**
 * A student's academic e-mail address and its verification (spec §3 UserAcademicData). The code is
 * stored as a hash and never leaves the server.
 */
export const userAcademicData = pgTable('user_academic_data', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.userId, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  emailVerificationCodeHash: text('email_verification_code_hash'),
  emailVerifiedDateTime: timestamp('email_verified_date_time', { withTimezone: true }),
  graduationYear: integer('graduation_year'),
  ...timestamps,
});

/** Readers enrolled in the Quilt beta (spec §6 beta tester: `isQuiltBetaTester`). */
export const quiltBetaTesters = pgTable('quilt_beta_testers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.userId, { onDelete: 'cascade' }),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
