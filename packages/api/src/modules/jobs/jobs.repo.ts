import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { jobAlerts, jobAlertSends, jobListings, organisationProfiles, savedJobs } from '@bof/db/schema';
import type { JobSearch } from './jobs.inputs';

export type JobRow = typeof jobListings.$inferSelect;
export type NewJob = typeof jobListings.$inferInsert;
export type JobAlertRow = typeof jobAlerts.$inferSelect;

/** The employer as a listing shows it: the organisation profile's public name and address. */
export interface EmployerRef {
  profileId: string;
  slug: string;
  title: string;
  accountId: string | null;
  published: boolean;
}

const employerColumns = {
  profileId: organisationProfiles.id,
  slug: sql<string>`coalesce(${organisationProfiles.publicSlug}, ${organisationProfiles.slug})`,
  title: sql<string>`coalesce(${organisationProfiles.public}->>'title', ${organisationProfiles.source}->>'title')`,
  accountId: organisationProfiles.accountId,
  published: sql<boolean>`${organisationProfiles.public} is not null`,
};

/** Words in a LIKE pattern are literal: %, _ and \ are escaped. */
const likeWords = (query: string) =>
  query
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** The board's conditions: published, still open, and matching the search's words and filters. */
export function boardConditions(search: Partial<JobSearch>, at: Date): SQL[] {
  const conditions: SQL[] = [eq(jobListings.status, 'published'), gt(jobListings.closesAt, at)];
  if (search.workplace) conditions.push(eq(jobListings.workplace, search.workplace));
  if (search.jobFunction) conditions.push(eq(jobListings.jobFunction, search.jobFunction));
  if (search.jobIndustry) conditions.push(eq(jobListings.jobIndustry, search.jobIndustry));
  if (search.jobLevel) conditions.push(eq(jobListings.jobLevel, search.jobLevel));
  if (search.employerProfileId) conditions.push(eq(jobListings.employerProfileId, search.employerProfileId));
  for (const pattern of likeWords(search.query ?? ''))
    conditions.push(
      or(
        ilike(jobListings.title, pattern),
        ilike(jobListings.location, pattern),
        ilike(jobListings.descriptionHtml, pattern),
        sql`coalesce(${organisationProfiles.public}->>'title', '') ilike ${pattern}`,
      )!,
    );
  return conditions;
}

/** The only place that builds the careers module's queries. */
export function createJobsRepo(db: Database) {
  const withEmployer = () =>
    db
      .select({ job: jobListings, employer: employerColumns })
      .from(jobListings)
      .innerJoin(organisationProfiles, eq(organisationProfiles.id, jobListings.employerProfileId));

  return {
    db,

    /** Inserts listings; ones already there (same id, or same feed id) are left alone. */
    async insert(rows: NewJob[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(jobListings)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: jobListings.id });
      return inserted.length;
    },

    async update(id: string, values: Partial<NewJob>): Promise<JobRow | null> {
      const [row] = await db
        .update(jobListings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(jobListings.id, id))
        .returning();
      return row ?? null;
    },

    /** A feed listing is replaced by a newer import of the same external id, back to review. */
    async upsertFeed(row: NewJob): Promise<'created' | 'updated'> {
      const [existing] = await db
        .select({ id: jobListings.id })
        .from(jobListings)
        .where(and(eq(jobListings.source, 'feed'), eq(jobListings.externalId, row.externalId!)));
      if (!existing) {
        await db.insert(jobListings).values(row);
        return 'created';
      }
      const { id: _id, slug: _slug, ...values } = row;
      await db
        .update(jobListings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(jobListings.id, existing.id));
      return 'updated';
    },

    async byId(id: string) {
      const [row] = await withEmployer().where(eq(jobListings.id, id));
      return row ?? null;
    },

    async bySlug(slug: string) {
      const [row] = await withEmployer().where(eq(jobListings.slug, slug));
      return row ?? null;
    },

    async board(
      search: Partial<JobSearch>,
      at: Date,
      limit: number,
      order: 'newest' | 'featured' = 'newest',
    ) {
      return withEmployer()
        .where(
          and(
            ...boardConditions(search, at),
            ...(order === 'featured' ? [eq(jobListings.featured, true)] : []),
          ),
        )
        .orderBy(desc(jobListings.publishedAt), asc(jobListings.id))
        .limit(limit);
    },

    async boardCount(search: Partial<JobSearch>, at: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobListings)
        .innerJoin(organisationProfiles, eq(organisationProfiles.id, jobListings.employerProfileId))
        .where(and(...boardConditions(search, at)));
      return row?.n ?? 0;
    },

    /** Employers with open listings, most listings first. */
    async employersHiring(at: Date, limit: number) {
      return db
        .select({ ...employerColumns, openJobs: sql<number>`count(*)::int` })
        .from(jobListings)
        .innerJoin(organisationProfiles, eq(organisationProfiles.id, jobListings.employerProfileId))
        .where(and(...boardConditions({}, at)))
        .groupBy(organisationProfiles.id)
        .orderBy(desc(sql`count(*)`), asc(sql`2`))
        .limit(limit);
    },

    async ofEmployers(profileIds: string[]) {
      if (profileIds.length === 0) return [];
      return withEmployer()
        .where(inArray(jobListings.employerProfileId, profileIds))
        .orderBy(desc(jobListings.createdAt));
    },

    async pending() {
      return withEmployer().where(eq(jobListings.status, 'pending')).orderBy(asc(jobListings.createdAt));
    },

    /** Organisation profiles of the given accounts (the employers a reader posts for). */
    async employersOfAccounts(accountIds: string[]): Promise<EmployerRef[]> {
      if (accountIds.length === 0) return [];
      return db
        .select(employerColumns)
        .from(organisationProfiles)
        .where(inArray(organisationProfiles.accountId, accountIds));
    },

    async employer(profileId: string): Promise<EmployerRef | null> {
      const [row] = await db
        .select(employerColumns)
        .from(organisationProfiles)
        .where(eq(organisationProfiles.id, profileId));
      return row ?? null;
    },

    async employerBySlug(slug: string): Promise<EmployerRef | null> {
      const [row] = await db
        .select(employerColumns)
        .from(organisationProfiles)
        .where(or(eq(organisationProfiles.publicSlug, slug), eq(organisationProfiles.slug, slug)))
        .limit(1);
      return row ?? null;
    },

    async save(userId: string, jobId: string) {
      await db.insert(savedJobs).values({ userId, jobId }).onConflictDoNothing();
    },

    async unsave(userId: string, jobId: string) {
      await db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)));
    },

    async saved(userId: string) {
      return withEmployer()
        .innerJoin(savedJobs, eq(savedJobs.jobId, jobListings.id))
        .where(eq(savedJobs.userId, userId))
        .orderBy(desc(savedJobs.createdAt));
    },

    async savedIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: savedJobs.jobId })
        .from(savedJobs)
        .where(eq(savedJobs.userId, userId));
      return rows.map((r) => r.id);
    },

    async insertAlert(row: typeof jobAlerts.$inferInsert): Promise<JobAlertRow> {
      const [inserted] = await db.insert(jobAlerts).values(row).returning();
      return inserted!;
    },

    async deleteAlert(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(jobAlerts)
        .where(and(eq(jobAlerts.userId, userId), eq(jobAlerts.id, id)))
        .returning({ id: jobAlerts.id });
      return deleted.length > 0;
    },

    async alertsOf(userId: string): Promise<JobAlertRow[]> {
      return db
        .select()
        .from(jobAlerts)
        .where(eq(jobAlerts.userId, userId))
        .orderBy(asc(jobAlerts.createdAt));
    },

    async allAlerts(): Promise<JobAlertRow[]> {
      return db.select().from(jobAlerts).orderBy(asc(jobAlerts.createdAt));
    },

    /**
     * Open listings matching the alert, published after it was created and not yet sent by it (oldest
     * published first, at most `limit`).
     */
    async unsentFor(alert: JobAlertRow, at: Date, limit: number) {
      return withEmployer()
        .where(
          and(
            ...boardConditions(
              {
                query: alert.query,
                workplace: alert.workplace as JobSearch['workplace'],
                jobFunction: alert.jobFunction,
                jobIndustry: alert.jobIndustry,
                jobLevel: alert.jobLevel,
              },
              at,
            ),
            isNotNull(jobListings.publishedAt),
            gt(jobListings.publishedAt, alert.createdAt),
            lte(jobListings.publishedAt, at),
            sql`not exists (select 1 from ${jobAlertSends} s where s.alert_id = ${alert.id} and s.job_id = ${jobListings.id})`,
          ),
        )
        .orderBy(asc(jobListings.publishedAt))
        .limit(limit);
    },

    /** Records the listings as sent by the alert; answers the ones this call recorded (not sent before). */
    async markSent(tx: Database, alertId: string, jobIds: string[]): Promise<string[]> {
      if (jobIds.length === 0) return [];
      const rows = await tx
        .insert(jobAlertSends)
        .values(jobIds.map((jobId) => ({ alertId, jobId })))
        .onConflictDoNothing()
        .returning({ jobId: jobAlertSends.jobId });
      return rows.map((r) => r.jobId);
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
