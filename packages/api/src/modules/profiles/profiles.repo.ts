import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articles,
  organisationProfiles,
  personProfiles,
  profileCollectionEntries,
  profileCollections,
  profileProjects,
} from '@bof/db/schema';
import { ProfileSlugTakenError } from './profiles.errors';
import type {
  OrganisationDocument,
  PersonDocument,
  ProfileBadge,
  ProjectAsset,
  ProjectRecord,
  PublicOrganisationDocument,
} from './profiles.types';

export type PersonRow = typeof personProfiles.$inferSelect & {
  source: PersonDocument;
  public: PersonDocument | null;
};
export type OrganisationRow = typeof organisationProfiles.$inferSelect & {
  source: OrganisationDocument;
  public: PublicOrganisationDocument | null;
};

/** A published profile's address, for the sitemap. */
export interface ProfileLocation {
  kind: 'person' | 'organisation';
  slug: string;
  publishedAt: Date | null;
}

/** The /people/ directory's filters; a page is `limit` rows after `offset`, by name. */
export interface PersonDirectoryFilter {
  name: string;
  category: string | null;
  country: string | null;
  limit: number;
  offset: number;
}

/** The /organisations/ directory's filters (reference list keys), by name. */
export interface OrganisationDirectoryFilter {
  name: string;
  industry: string | null;
  size: string | null;
  type: string | null;
  ownership: string | null;
  country: string | null;
  limit: number;
  offset: number;
}

/** A person found in a collection: the published document, the entry matched, and all their badges. */
export interface CollectionSearchRow {
  id: string;
  public: PersonDocument;
  version: number;
  publishedVersion: number | null;
  publishedAt: Date | null;
  ownerUserId: string | null;
  year: number;
  category: string;
  badges: ProfileBadge[];
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Lower-case, accent-folded: what a name prefix is matched against. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A LIKE pattern that matches `text` literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toProject = (row: typeof profileProjects.$inferSelect): ProjectRecord => ({
  projectId: row.id,
  profileId: row.profileId,
  slug: row.slug,
  title: row.title,
  description: row.description,
  thumbnail: row.thumbnail,
  assets: row.assets as ProjectAsset[],
  position: row.position,
});

/** The only place that builds the profiles' queries. */
/** A publication awaiting the newsroom's review. */
export interface PublicationForReview {
  kind: 'person' | 'organisation';
  profileId: string;
  name: string;
  slug: string;
  publishedVersion: number;
  publishedAt: Date;
  /** Who published it (a reader's user id). */
  publishedBy: string;
  /** The version reviewed before, if any: null for a first publication. */
  reviewedVersion: number | null;
}

function reviewRow(row: {
  profileId: string;
  slug: string | null;
  publishedVersion: number | null;
  publishedAt: Date | null;
  publishedBy: string;
  reviewedVersion: number | null;
}) {
  return {
    profileId: row.profileId,
    slug: row.slug ?? '',
    publishedVersion: row.publishedVersion ?? 0,
    publishedAt: row.publishedAt ?? new Date(0),
    publishedBy: row.publishedBy,
    reviewedVersion: row.reviewedVersion,
  };
}

export function createProfilesRepo(db: Database) {
  /** Runs a write that may hit a unique slug; a collision becomes ProfileSlugTakenError. */
  async function claimingSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProfileSlugTakenError(slug);
      throw error;
    }
  }

  const repo = {
    db,

    /** Whether a profile of the table other than `exceptId` uses the slug, as its draft's or public one. */
    async slugTaken(
      kind: 'person' | 'organisation',
      slug: string,
      exceptId: string | null,
    ): Promise<boolean> {
      const table = kind === 'person' ? personProfiles : organisationProfiles;
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(or(eq(table.slug, slug), eq(table.publicSlug, slug)));
      return rows.some((row) => row.id !== exceptId);
    },

    async insertPerson(values: {
      id: string;
      ownerUserId: string | null;
      source: PersonDocument;
      updatedBy: string;
    }): Promise<PersonRow> {
      const [row] = await claimingSlug(values.source.slug, () =>
        db
          .insert(personProfiles)
          .values({ ...values, slug: values.source.slug, version: 1 })
          .returning(),
      );
      return row as PersonRow;
    },

    async person(id: string): Promise<PersonRow | null> {
      const [row] = await db.select().from(personProfiles).where(eq(personProfiles.id, id));
      return (row as PersonRow | undefined) ?? null;
    },

    async personOf(ownerUserId: string): Promise<PersonRow | null> {
      const [row] = await db.select().from(personProfiles).where(eq(personProfiles.ownerUserId, ownerUserId));
      return (row as PersonRow | undefined) ?? null;
    },

    async publicPersonBySlug(slug: string): Promise<PersonRow | null> {
      const [row] = await db.select().from(personProfiles).where(eq(personProfiles.publicSlug, slug));
      return (row as PersonRow | undefined) ?? null;
    },

    /**
     * Writes the draft when the profile is still at `baseVersion`; null when another save came first.
     * The conditional update is the check, so two saves racing on one version cannot both win.
     */
    async savePerson(id: string, baseVersion: number, source: PersonDocument, userId: string) {
      const [row] = await claimingSlug(source.slug, () =>
        db
          .update(personProfiles)
          .set({
            source,
            slug: source.slug,
            version: baseVersion + 1,
            updatedBy: userId,
            updatedAt: sql`now()`,
          })
          .where(and(eq(personProfiles.id, id), eq(personProfiles.version, baseVersion)))
          .returning(),
      );
      return (row as PersonRow | undefined) ?? null;
    },

    /**
     * Makes `publicDocument` (the draft at `baseVersion`, as the caller read it) the public version; null
     * when the draft moved on meanwhile, so what is published is always what the editor last saw.
     */
    async publishPerson(id: string, baseVersion: number, publicDocument: PersonDocument, userId: string) {
      const [row] = await claimingSlug(publicDocument.slug, () =>
        db
          .update(personProfiles)
          .set({
            public: publicDocument,
            publicSlug: publicDocument.slug,
            publishedVersion: baseVersion,
            publishedAt: sql`now()`,
            publicNameKey: searchKey(`${publicDocument.firstName} ${publicDocument.lastName}`),
            publicCategory: publicDocument.category,
            publicCountry: publicDocument.location.country,
            withdrawnReason: null,
            updatedBy: userId,
          })
          .where(and(eq(personProfiles.id, id), eq(personProfiles.version, baseVersion)))
          .returning(),
      );
      return (row as PersonRow | undefined) ?? null;
    },

    async insertOrganisation(values: {
      id: string;
      accountId: string | null;
      source: OrganisationDocument;
      updatedBy: string;
      featuredCategories?: string[];
    }): Promise<OrganisationRow> {
      const [row] = await claimingSlug(values.source.slug, () =>
        db
          .insert(organisationProfiles)
          .values({ ...values, slug: values.source.slug, version: 1 })
          .returning(),
      );
      return row as OrganisationRow;
    },

    async organisation(id: string): Promise<OrganisationRow | null> {
      const [row] = await db.select().from(organisationProfiles).where(eq(organisationProfiles.id, id));
      return (row as OrganisationRow | undefined) ?? null;
    },

    async organisationOfAccount(accountId: string): Promise<OrganisationRow | null> {
      const [row] = await db
        .select()
        .from(organisationProfiles)
        .where(eq(organisationProfiles.accountId, accountId));
      return (row as OrganisationRow | undefined) ?? null;
    },

    async publicOrganisationBySlug(slug: string): Promise<OrganisationRow | null> {
      const [row] = await db
        .select()
        .from(organisationProfiles)
        .where(eq(organisationProfiles.publicSlug, slug));
      return (row as OrganisationRow | undefined) ?? null;
    },

    /** As savePerson: null when the profile is no longer at `baseVersion`. */
    async saveOrganisation(id: string, baseVersion: number, source: OrganisationDocument, userId: string) {
      const [row] = await claimingSlug(source.slug, () =>
        db
          .update(organisationProfiles)
          .set({
            source,
            slug: source.slug,
            version: baseVersion + 1,
            updatedBy: userId,
            updatedAt: sql`now()`,
          })
          .where(and(eq(organisationProfiles.id, id), eq(organisationProfiles.version, baseVersion)))
          .returning(),
      );
      return (row as OrganisationRow | undefined) ?? null;
    },

    /** Takes the next version of an organisation's draft without changing the document (project edits). */
    async bumpOrganisation(id: string, baseVersion: number, userId: string): Promise<boolean> {
      const rows = await db
        .update(organisationProfiles)
        .set({ version: baseVersion + 1, updatedBy: userId, updatedAt: sql`now()` })
        .where(and(eq(organisationProfiles.id, id), eq(organisationProfiles.version, baseVersion)))
        .returning({ id: organisationProfiles.id });
      return rows.length > 0;
    },

    async publishOrganisation(
      id: string,
      baseVersion: number,
      publicDocument: PublicOrganisationDocument,
      userId: string,
    ) {
      const [row] = await claimingSlug(publicDocument.slug, () =>
        db
          .update(organisationProfiles)
          .set({
            public: publicDocument,
            publicSlug: publicDocument.slug,
            publishedVersion: baseVersion,
            publishedAt: sql`now()`,
            publicTitleKey: searchKey(publicDocument.title),
            withdrawnReason: null,
            updatedBy: userId,
          })
          .where(and(eq(organisationProfiles.id, id), eq(organisationProfiles.version, baseVersion)))
          .returning(),
      );
      return (row as OrganisationRow | undefined) ?? null;
    },

    /** Publications the newsroom has not reviewed yet, oldest first, people and organisations together. */
    async awaitingReview(limit: number): Promise<PublicationForReview[]> {
      const awaiting = (t: typeof personProfiles | typeof organisationProfiles) =>
        sql`${t.publishedVersion} is distinct from ${t.reviewedVersion} and ${t.publishedVersion} is not null`;
      const [people, organisations] = await Promise.all([
        db
          .select({
            profileId: personProfiles.id,
            slug: personProfiles.publicSlug,
            document: personProfiles.public,
            publishedVersion: personProfiles.publishedVersion,
            publishedAt: personProfiles.publishedAt,
            publishedBy: personProfiles.updatedBy,
            reviewedVersion: personProfiles.reviewedVersion,
          })
          .from(personProfiles)
          .where(awaiting(personProfiles))
          .orderBy(asc(personProfiles.publishedAt))
          .limit(limit),
        db
          .select({
            profileId: organisationProfiles.id,
            slug: organisationProfiles.publicSlug,
            document: organisationProfiles.public,
            publishedVersion: organisationProfiles.publishedVersion,
            publishedAt: organisationProfiles.publishedAt,
            publishedBy: organisationProfiles.updatedBy,
            reviewedVersion: organisationProfiles.reviewedVersion,
          })
          .from(organisationProfiles)
          .where(awaiting(organisationProfiles))
          .orderBy(asc(organisationProfiles.publishedAt))
          .limit(limit),
      ]);
      const rows: PublicationForReview[] = [
        ...people.map((row) => {
          const doc = row.document as PersonDocument;
          return { ...reviewRow(row), kind: 'person' as const, name: `${doc.firstName} ${doc.lastName}` };
        }),
        ...organisations.map((row) => ({
          ...reviewRow(row),
          kind: 'organisation' as const,
          name: (row.document as PublicOrganisationDocument).title,
        })),
      ];
      return rows.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime()).slice(0, limit);
    },

    /**
     * Records the newsroom's review of the published `version`: approved, or withdrawn (the public version
     * is taken down, the draft kept, the reason kept for its editors). False when that version is no longer
     * the published one (republished or withdrawn meanwhile).
     */
    async reviewPublication(
      kind: 'person' | 'organisation',
      id: string,
      version: number,
      userId: string,
      withdrawal: { reason: string } | null,
    ): Promise<boolean> {
      const reviewed = {
        reviewedVersion: version,
        reviewedAt: sql`now()`,
        reviewedBy: userId,
        withdrawnReason: withdrawal?.reason ?? null,
      };
      const takenDown = { public: null, publicSlug: null, publishedVersion: null, publishedAt: null };
      const rows =
        kind === 'person'
          ? await db
              .update(personProfiles)
              .set(
                withdrawal
                  ? {
                      ...reviewed,
                      ...takenDown,
                      publicNameKey: null,
                      publicCategory: null,
                      publicCountry: null,
                    }
                  : reviewed,
              )
              .where(and(eq(personProfiles.id, id), eq(personProfiles.publishedVersion, version)))
              .returning({ id: personProfiles.id })
          : await db
              .update(organisationProfiles)
              .set(withdrawal ? { ...reviewed, ...takenDown, publicTitleKey: null } : reviewed)
              .where(and(eq(organisationProfiles.id, id), eq(organisationProfiles.publishedVersion, version)))
              .returning({ id: organisationProfiles.id });
      return rows.length > 0;
    },

    /**
     * Where the published profiles whose format is SEO live, for the sitemap: people, then organisations,
     * by slug, at most `limit` of each.
     */
    async seoLocations(limit: number): Promise<ProfileLocation[]> {
      const [people, organisations] = await Promise.all([
        db
          .select({ slug: personProfiles.publicSlug, publishedAt: personProfiles.publishedAt })
          .from(personProfiles)
          .where(and(isNotNull(personProfiles.public), sql`${personProfiles.public}->>'format' = 'SEO'`))
          .orderBy(asc(personProfiles.publicSlug))
          .limit(limit),
        db
          .select({ slug: organisationProfiles.publicSlug, publishedAt: organisationProfiles.publishedAt })
          .from(organisationProfiles)
          .where(
            and(
              isNotNull(organisationProfiles.public),
              sql`${organisationProfiles.public}->>'format' = 'SEO'`,
            ),
          )
          .orderBy(asc(organisationProfiles.publicSlug))
          .limit(limit),
      ]);
      const located =
        (kind: ProfileLocation['kind']) => (row: { slug: string | null; publishedAt: Date | null }) =>
          row.slug ? [{ kind, slug: row.slug, publishedAt: row.publishedAt }] : [];
      return [...people.flatMap(located('person')), ...organisations.flatMap(located('organisation'))];
    },

    async personDirectory(filter: PersonDirectoryFilter): Promise<PersonRow[]> {
      const conditions: SQL[] = [isNotNull(personProfiles.public)];
      const name = searchKey(filter.name);
      if (name)
        conditions.push(
          or(
            sql`${personProfiles.publicNameKey} like ${`${literal(name)}%`}`,
            sql`${personProfiles.publicNameKey} like ${`% ${literal(name)}%`}`,
          )!,
        );
      if (filter.category) conditions.push(eq(personProfiles.publicCategory, filter.category));
      if (filter.country) conditions.push(eq(personProfiles.publicCountry, filter.country));
      const rows = await db
        .select()
        .from(personProfiles)
        .where(and(...conditions))
        .orderBy(asc(personProfiles.publicNameKey), asc(personProfiles.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return rows as PersonRow[];
    },

    async organisationDirectory(filter: OrganisationDirectoryFilter): Promise<OrganisationRow[]> {
      const conditions: SQL[] = [isNotNull(organisationProfiles.public)];
      const name = searchKey(filter.name);
      if (name)
        conditions.push(
          or(
            sql`${organisationProfiles.publicTitleKey} like ${`${literal(name)}%`}`,
            sql`${organisationProfiles.publicTitleKey} like ${`% ${literal(name)}%`}`,
          )!,
        );
      const field = (key: string, value: string | null) => {
        if (value) conditions.push(sql`${organisationProfiles.public}->>${key} = ${value}`);
      };
      field('organisationIndustry', filter.industry);
      field('organisationSize', filter.size);
      field('organisationType', filter.type);
      field('ownershipType', filter.ownership);
      if (filter.country)
        conditions.push(sql`${organisationProfiles.public}->'headquarters'->>'country' = ${filter.country}`);
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(and(...conditions))
        .orderBy(asc(organisationProfiles.publicTitleKey), asc(organisationProfiles.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return rows as OrganisationRow[];
    },

    async featuredOrganisations(category: string, limit: number): Promise<OrganisationRow[]> {
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(
          and(
            isNotNull(organisationProfiles.public),
            sql`${category} = any(${organisationProfiles.featuredCategories})`,
          ),
        )
        .orderBy(asc(organisationProfiles.publicTitleKey))
        .limit(limit);
      return rows as OrganisationRow[];
    },

    /** The ids among `ids` that are organisation profiles. */
    async existingOrganisationIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: organisationProfiles.id })
        .from(organisationProfiles)
        .where(inArray(organisationProfiles.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    async existingPersonIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: personProfiles.id })
        .from(personProfiles)
        .where(inArray(personProfiles.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    async existingStorySlugs(slugs: readonly string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const rows = await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(inArray(articles.slug, [...slugs]));
      return new Set(rows.map((r) => r.slug));
    },

    async projects(profileId: string): Promise<ProjectRecord[]> {
      const rows = await db
        .select()
        .from(profileProjects)
        .where(eq(profileProjects.profileId, profileId))
        .orderBy(asc(profileProjects.position), asc(profileProjects.createdAt));
      return rows.map(toProject);
    },

    async project(id: string): Promise<ProjectRecord | null> {
      const [row] = await db.select().from(profileProjects).where(eq(profileProjects.id, id));
      return row ? toProject(row) : null;
    },

    async insertProject(project: ProjectRecord): Promise<ProjectRecord> {
      const [row] = await claimingSlug(project.slug, () =>
        db
          .insert(profileProjects)
          .values({ ...project, id: project.projectId })
          .returning(),
      );
      return toProject(row!);
    },

    async updateProject(id: string, fields: Omit<ProjectRecord, 'projectId' | 'profileId' | 'position'>) {
      const [row] = await claimingSlug(fields.slug, () =>
        db
          .update(profileProjects)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(eq(profileProjects.id, id))
          .returning(),
      );
      return toProject(row!);
    },

    async deleteProject(id: string): Promise<void> {
      await db.delete(profileProjects).where(eq(profileProjects.id, id));
    },

    async setProjectPositions(profileId: string, orderedIds: readonly string[]): Promise<void> {
      for (const [position, id] of orderedIds.entries()) {
        await db
          .update(profileProjects)
          .set({ position })
          .where(and(eq(profileProjects.id, id), eq(profileProjects.profileId, profileId)));
      }
    },

    async collections() {
      return db.select().from(profileCollections).orderBy(asc(profileCollections.title));
    },

    /** The badges of each profile: its places in collections, newest year first. */
    async badgesOf(profileIds: readonly string[]): Promise<Map<string, ProfileBadge[]>> {
      const badges = new Map<string, ProfileBadge[]>();
      if (profileIds.length === 0) return badges;
      const rows = await db
        .select({
          profileId: profileCollectionEntries.profileId,
          collection: profileCollectionEntries.collectionSlug,
          collectionTitle: profileCollections.title,
          year: profileCollectionEntries.year,
          category: profileCollectionEntries.category,
        })
        .from(profileCollectionEntries)
        .innerJoin(profileCollections, eq(profileCollections.slug, profileCollectionEntries.collectionSlug))
        .where(inArray(profileCollectionEntries.profileId, [...profileIds]))
        .orderBy(sql`${profileCollectionEntries.year} desc`);
      for (const { profileId, ...badge } of rows)
        badges.set(profileId, [...(badges.get(profileId) ?? []), badge]);
      return badges;
    },

    /** The published person profiles among `ids` (unknown or unpublished ones are left out), in one query. */
    async publicPeopleByIds(ids: readonly string[]): Promise<PersonRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(personProfiles)
        .where(and(inArray(personProfiles.id, [...ids]), isNotNull(personProfiles.public)));
      return rows as PersonRow[];
    },

    /** The published organisation profiles among `ids`, in one query. */
    async publicOrganisationsByIds(ids: readonly string[]): Promise<OrganisationRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(and(inArray(organisationProfiles.id, [...ids]), isNotNull(organisationProfiles.public)));
      return rows as OrganisationRow[];
    },

    /** The years a collection has entries for, newest first. */
    async collectionYears(collection: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ year: profileCollectionEntries.year })
        .from(profileCollectionEntries)
        .where(eq(profileCollectionEntries.collectionSlug, collection))
        .orderBy(sql`${profileCollectionEntries.year} desc`);
      return rows.map((r) => r.year);
    },

    /** The categories published person profiles are filed under, alphabetically. */
    async personCategories(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ category: personProfiles.publicCategory })
        .from(personProfiles)
        .where(isNotNull(personProfiles.publicCategory))
        .orderBy(asc(personProfiles.publicCategory));
      return rows.map((r) => r.category!);
    },

    /**
     * Published people in a collection, filtered: a name prefix matches the start of the first or the
     * last name (the trigram index answers both LIKE patterns), category and country of the profile and
     * of the entry, and a year.
     */
    async collectionSearch(
      collection: string,
      filter: {
        name: string;
        category: string | null;
        country: string | null;
        year: number | null;
        limit: number;
      },
    ): Promise<CollectionSearchRow[]> {
      const conditions: SQL[] = [
        eq(profileCollectionEntries.collectionSlug, collection),
        isNotNull(personProfiles.public),
      ];
      const name = searchKey(filter.name);
      if (name) {
        conditions.push(
          or(
            sql`${personProfiles.publicNameKey} like ${`${literal(name)}%`}`,
            sql`${personProfiles.publicNameKey} like ${`% ${literal(name)}%`}`,
          )!,
        );
      }
      if (filter.category) conditions.push(eq(profileCollectionEntries.category, filter.category));
      if (filter.country) conditions.push(eq(personProfiles.publicCountry, filter.country));
      if (filter.year) conditions.push(eq(profileCollectionEntries.year, filter.year));
      // One round trip: the public document only (not the draft), and every badge of each person beside it.
      const rows = await db
        .select({
          id: personProfiles.id,
          public: personProfiles.public,
          version: personProfiles.version,
          publishedVersion: personProfiles.publishedVersion,
          publishedAt: personProfiles.publishedAt,
          ownerUserId: personProfiles.ownerUserId,
          year: profileCollectionEntries.year,
          category: profileCollectionEntries.category,
          badges: sql<
            ProfileBadge[]
          >`(select coalesce(json_agg(json_build_object('collection', e.collection_slug,
            'collectionTitle', c.title, 'year', e.year, 'category', e.category) order by e.year desc), '[]'::json)
            from profile_collection_entries e join profile_collections c on c.slug = e.collection_slug
            where e.profile_id = ${personProfiles.id})`,
        })
        .from(profileCollectionEntries)
        .innerJoin(personProfiles, eq(personProfiles.id, profileCollectionEntries.profileId))
        .where(and(...conditions))
        .orderBy(sql`${profileCollectionEntries.year} desc`, asc(personProfiles.publicNameKey))
        .limit(filter.limit);
      return rows as CollectionSearchRow[];
    },
  };
  return repo;
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;

/** Runs `work` in one transaction, over a repo of that transaction. */
export function inTransaction<T>(repo: ProfilesRepo, work: (tx: ProfilesRepo) => Promise<T>): Promise<T> {
  return repo.db.transaction((tx) => work(createProfilesRepo(tx as unknown as Database)));
}
