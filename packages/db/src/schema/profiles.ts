import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisationAccounts } from './organisations';

const at = (name: string) => timestamp(name, { withTimezone: true });
const now = () => sql`now()`;

/**
 * A person profile (spec §3 PersonProfile) as a versioned document: `source` is the draft its editors
 * see, `public` the version last published (null until then). `version` is the optimistic-lock token:
 * every save names the version it started from, and the conditional update refuses a stale one. The
 * `public_*` columns copy the published document's fields that directories and the BoF 500 search
 * filter on; `public_name_key` is the lower-case, accent-folded "first last" for prefix search.
 */
/**
 * The newsroom's review of what is published (post-moderation): `reviewed_version` is the published
 * version an admin approved or withdrew; a publication whose version differs awaits review. A withdrawn
 * publication keeps its draft and names why (`withdrawn_reason`) until the next publish.
 */
const reviewColumns = () => ({
  reviewedVersion: integer('reviewed_version'),
  reviewedAt: at('reviewed_at'),
  reviewedBy: text('reviewed_by'),
  withdrawnReason: text('withdrawn_reason'),
});

/** A publication not yet reviewed (the partial indexes of the review queue). */
const awaitingReview = (t: { publishedVersion: AnyPgColumn; reviewedVersion: AnyPgColumn }) =>
  sql`${t.publishedVersion} is distinct from ${t.reviewedVersion} and ${t.publishedVersion} is not null`;

export const personProfiles = pgTable(
  'person_profiles',
  {
    id: uuid('id').primaryKey(),
    /** The reader who owns the profile; null for editorial profiles (the demo set), edited by admins. */
    ownerUserId: text('owner_user_id'),
    slug: text('slug').notNull(),
    source: jsonb('source').notNull(),
    version: integer('version').notNull(),
    public: jsonb('public'),
    publicSlug: text('public_slug'),
    publishedVersion: integer('published_version'),
    publishedAt: at('published_at'),
    publicNameKey: text('public_name_key'),
    publicCategory: text('public_category'),
    publicCountry: text('public_country'),
    ...reviewColumns(),
    updatedBy: text('updated_by').notNull(),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('person_profiles_slug').on(t.slug),
    uniqueIndex('person_profiles_public_slug').on(t.publicSlug),
    uniqueIndex('person_profiles_owner').on(t.ownerUserId),
    index('person_profiles_public_name_trgm').using('gin', t.publicNameKey.op('gin_trgm_ops')),
    index('person_profiles_public_category').on(t.publicCategory),
    index('person_profiles_awaiting_review').on(t.publishedAt).where(awaitingReview(t)),
  ],
);

/**
 * An organisation profile (spec §3 OrganisationProfile), versioned like a person profile. `account_id`
 * names the organisation account whose OWNERs and ADMINs edit it (null: edited by admins only). The
 * draft's projects live in `projects`; publishing copies them into `public`.
 */
export const organisationProfiles = pgTable(
  'organisation_profiles',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').references(() => organisationAccounts.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    source: jsonb('source').notNull(),
    version: integer('version').notNull(),
    public: jsonb('public'),
    publicSlug: text('public_slug'),
    publishedVersion: integer('published_version'),
    publishedAt: at('published_at'),
    publicTitleKey: text('public_title_key'),
    /** The featured organisation categories (spec §4) an admin placed the profile in. */
    featuredCategories: text('featured_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...reviewColumns(),
    updatedBy: text('updated_by').notNull(),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('organisation_profiles_slug').on(t.slug),
    uniqueIndex('organisation_profiles_public_slug').on(t.publicSlug),
    uniqueIndex('organisation_profiles_account').on(t.accountId),
    index('organisation_profiles_awaiting_review').on(t.publishedAt).where(awaitingReview(t)),
  ],
);

/**
 * A project of an organisation profile (spec §3 Project), in its draft state, ordered by `position`.
 * `assets` is the ordered list of IMAGE and YOUTUBE assets ({ type, url, description }).
 */
export const profileProjects = pgTable(
  'profile_projects',
  {
    id: uuid('id').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => organisationProfiles.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail'),
    assets: jsonb('assets').notNull(),
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull().default(now()),
    updatedAt: at('updated_at').notNull().default(now()),
  },
  (t) => [
    uniqueIndex('profile_projects_profile_slug').on(t.profileId, t.slug),
    index('profile_projects_profile_position').on(t.profileId, t.position),
  ],
);

/** An editorial collection of person profiles (spec §3 `collections`), such as the BoF 500. */
export const profileCollections = pgTable('profile_collections', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
});

/**
 * A person's place in a collection for one year, with the category they are listed under: the year and
 * category badges of the BoF 500.
 */
export const profileCollectionEntries = pgTable(
  'profile_collection_entries',
  {
    collectionSlug: text('collection_slug')
      .notNull()
      .references(() => profileCollections.slug, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => personProfiles.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    category: text('category').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionSlug, t.profileId, t.year] }),
    index('profile_collection_entries_year_category').on(t.collectionSlug, t.year, t.category),
  ],
);
