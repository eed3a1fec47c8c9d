import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const now = () => sql`now()`;

/**
 * An organisation account (spec §3 OrganisationAccount): a company's membership, bought with seats
 * (membership type Group) or granted by an admin (Partner). `allocated_seats` counts the seats taken
 * (members and invitations held for them); it never exceeds `purchased_seats`, which the database
 * itself enforces, so concurrent additions cannot oversell the last seat.
 */
export const organisationAccounts = pgTable(
  'organisation_accounts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    primaryContactEmail: text('primary_contact_email').notNull(),
    membershipType: text('membership_type', { enum: ['Group', 'Partner'] }).notNull(),
    membershipLevel: text('membership_level').notNull(),
    planCode: text('plan_code'),
    purchasedSeats: integer('purchased_seats').notNull(),
    allocatedSeats: integer('allocated_seats').notNull().default(0),
    /** When the membership ends (a Partner's end date, a subscription's paid period). */
    accessEndsAt: at('access_ends_at').notNull(),
    /** Whether the group-style addresses of spec §5 may take a seat. */
    allowsGroupAddresses: boolean('allows_group_addresses').notNull().default(true),
    companyDetails: jsonb('company_details'),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [
    check('organisation_accounts_seats_within_purchase', sql`${t.allocatedSeats} <= ${t.purchasedSeats}`),
    check('organisation_accounts_seats_not_negative', sql`${t.allocatedSeats} >= 0`),
    index('organisation_accounts_owner').on(t.ownerUserId),
  ],
);

/**
 * A seat taken in an organisation account (spec §3 OrganisationAccountUser). `user_id` is null while
 * the seat is held for an invited address nobody has signed in with yet; the e-mail is lower-case.
 */
export const organisationAccountUsers = pgTable(
  'organisation_account_users',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    email: text('email').notNull(),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'USER'] }).notNull(),
    invitedByUserId: text('invited_by_user_id'),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('organisation_account_users_account_email').on(t.accountId, t.email),
    uniqueIndex('organisation_account_users_account_user').on(t.accountId, t.userId),
    index('organisation_account_users_user').on(t.userId),
    index('organisation_account_users_email').on(t.email),
    // The users search matches part of an address. Without fastupdate: PGlite runs no autovacuum, so a
    // pending list would only grow, and every search would read it through.
    index('organisation_account_users_email_trgm')
      .using('gin', t.email.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
  ],
);

/** An e-mail domain an organisation account has claimed (spec §3 OrganisationAccountDomain). */
export const organisationAccountDomains = pgTable(
  'organisation_account_domains',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    creatorUserId: text('creator_user_id').notNull(),
    verifiedAt: at('verified_at'),
    disabledAt: at('disabled_at'),
    disablerUserId: text('disabler_user_id'),
    /** The address at the domain the last verification e-mail went to, and when (the link's `issuedAt`). */
    verificationEmail: text('verification_email'),
    verificationSentAt: at('verification_sent_at'),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [
    // One enabled, proved claim per domain across all accounts (a pending claim blocks nobody).
    uniqueIndex('organisation_account_domains_enabled')
      .on(t.domain)
      .where(sql`${t.disabledAt} is null and ${t.verifiedAt} is not null`),
    // One enabled claim per domain in an account.
    uniqueIndex('organisation_account_domains_account_domain')
      .on(t.accountId, t.domain)
      .where(sql`${t.disabledAt} is null`),
    index('organisation_account_domains_account').on(t.accountId),
  ],
);

/** A subscription of an organisation account (spec §3 OrganisationSubscription). Amounts in minor units. */
export const organisationSubscriptions = pgTable(
  'organisation_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id, { onDelete: 'cascade' }),
    planCode: text('plan_code').notNull(),
    currency: text('currency').notNull(),
    seats: integer('seats').notNull(),
    itemPrice: integer('item_price').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    taxInfo: jsonb('tax_info').notNull(),
    state: text('state').notNull(),
    currentPeriodEndsAt: at('current_period_ends_at').notNull(),
    /** One seat's yearly price before tax, as the provider holds it (null on rows older than it). */
    unitAmount: integer('unit_amount'),
    cancelledAt: at('cancelled_at'),
    /** When a cancelled or ended subscription's access ends. */
    expiresAt: at('expires_at'),
    /** A renewal's payment failed and the provider is retrying it (access continues meanwhile). */
    isInDunning: boolean('is_in_dunning').notNull().default(false),
    /** The provider's `updatedAt` of the state held: an older state read late never overwrites it. */
    providerUpdatedAt: at('provider_updated_at'),
    createdAt: at('created_at').notNull().default(now()),
  },
  (t) => [index('organisation_subscriptions_account').on(t.accountId)],
);
