import { and, desc, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  accounts,
  articles,
  contentAuthors,
  contentSections,
  contentSeries,
  contentTopics,
  newsroomAudit,
  newsroomPresence,
  newsroomRevisions,
  newsroomStaff,
  newsroomStories,
} from '@bof/db/schema';
import { createDeskQueries } from './newsroom-desk.repo';
import type { Draft, NewsroomRole, StoryStatus } from './newsroom.inputs';

export interface StaffMember {
  userId: string;
  role: NewsroomRole;
  name: string;
  email: string;
}

export interface StoryRow {
  id: string;
  slug: string;
  status: StoryStatus;
  record: Draft;
  headline: string;
  sectionSlug: string | null;
  revision: number;
  publishAt: Date | null;
  publishedAt: Date | null;
  articleId: string | null;
  createdBy: string;
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface RevisionRow {
  revision: number;
  record: Draft;
  userId: string;
  name: string;
  createdAt: Date;
}

export interface AuditEntry {
  id: number;
  userId: string | null;
  name: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export interface Choice {
  slug: string;
  name: string;
}
export interface Taxonomy {
  sections: Choice[];
  topics: Choice[];
  authors: Choice[];
  series: Choice[];
}

export interface StoryListFilter {
  status?: StoryStatus | null;
  query?: string;
  section?: string | null;
  createdBy?: string;
}

const storyColumns = {
  id: newsroomStories.id,
  slug: newsroomStories.slug,
  status: newsroomStories.status,
  record: newsroomStories.record,
  headline: newsroomStories.headline,
  sectionSlug: newsroomStories.sectionSlug,
  revision: newsroomStories.revision,
  publishAt: newsroomStories.publishAt,
  publishedAt: newsroomStories.publishedAt,
  articleId: newsroomStories.articleId,
  createdBy: newsroomStories.createdBy,
  updatedBy: newsroomStories.updatedBy,
  createdAt: newsroomStories.createdAt,
  updatedAt: newsroomStories.updatedAt,
};

const asStory = (row: Record<string, unknown>) => row as unknown as StoryRow;

function createNewsroomQueries(db: Database) {
  const queries = {
    db,
    ...createDeskQueries(db),

    async staff(userId: string): Promise<StaffMember | null> {
      const [row] = await db
        .select({
          userId: newsroomStaff.userId,
          role: newsroomStaff.role,
          name: newsroomStaff.name,
          email: accounts.email,
        })
        .from(newsroomStaff)
        .innerJoin(accounts, eq(accounts.userId, newsroomStaff.userId))
        .where(and(eq(newsroomStaff.userId, userId), eq(accounts.isBofAdmin, true)));
      return row ?? null;
    },

    async allStaff(): Promise<StaffMember[]> {
      return db
        .select({
          userId: newsroomStaff.userId,
          role: newsroomStaff.role,
          name: newsroomStaff.name,
          email: accounts.email,
        })
        .from(newsroomStaff)
        .innerJoin(accounts, eq(accounts.userId, newsroomStaff.userId))
        .orderBy(newsroomStaff.name);
    },

    async accountByEmail(email: string): Promise<{ userId: string; isBofAdmin: boolean } | null> {
      const [row] = await db
        .select({ userId: accounts.userId, isBofAdmin: accounts.isBofAdmin })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = lower(${email})`);
      return row ?? null;
    },

    /** Gives the account the admin flag and a newsroom role. */
    async grant(userId: string, role: NewsroomRole, name: string): Promise<void> {
      await db.update(accounts).set({ isBofAdmin: true }).where(eq(accounts.userId, userId));
      await queries.setStaff(userId, role, name);
    },

    async setStaff(userId: string, role: NewsroomRole, name: string): Promise<void> {
      await db
        .insert(newsroomStaff)
        .values({ userId, role, name })
        .onConflictDoUpdate({ target: newsroomStaff.userId, set: { role, name } });
    },

    async removeStaff(userId: string): Promise<void> {
      await db.delete(newsroomStaff).where(eq(newsroomStaff.userId, userId));
    },

    /** Whether a story of the newsroom (other than `exceptId`) or a published article has the slug. */
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const inNewsroom = await db
        .select({ id: newsroomStories.id, articleId: newsroomStories.articleId })
        .from(newsroomStories)
        .where(eq(newsroomStories.slug, slug));
      if (inNewsroom.some((row) => row.id !== exceptId)) return true;
      const own = inNewsroom.find((row) => row.id === exceptId)?.articleId ?? null;
      const published = await db
        .select({ id: articles.id })
        .from(articles)
        .where(own ? and(eq(articles.slug, slug), ne(articles.id, own)) : eq(articles.slug, slug));
      return published.length > 0;
    },

    async insertStory(values: { slug: string; record: Draft; userId: string }): Promise<StoryRow> {
      const [row] = await db
        .insert(newsroomStories)
        .values({
          slug: values.slug,
          status: 'draft',
          record: values.record,
          headline: values.record.headline,
          sectionSlug: values.record.section,
          revision: 1,
          createdBy: values.userId,
          updatedBy: values.userId,
        })
        .returning(storyColumns);
      await db
        .insert(newsroomRevisions)
        .values({ storyId: row!.id, revision: 1, record: values.record, userId: values.userId });
      return asStory(row!);
    },

    async story(id: string, lock = false): Promise<StoryRow | null> {
      const query = db.select(storyColumns).from(newsroomStories).where(eq(newsroomStories.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ? asStory(row) : null;
    },

    async stories(filter: StoryListFilter): Promise<StoryRow[]> {
      const conditions = [];
      if (filter.status) conditions.push(eq(newsroomStories.status, filter.status));
      if (filter.section) conditions.push(eq(newsroomStories.sectionSlug, filter.section));
      if (filter.createdBy) conditions.push(eq(newsroomStories.createdBy, filter.createdBy));
      if (filter.query) {
        const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(or(ilike(newsroomStories.headline, pattern), ilike(newsroomStories.slug, pattern))!);
      }
      const rows = await db
        .select(storyColumns)
        .from(newsroomStories)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(newsroomStories.updatedAt))
        .limit(200);
      return rows.map(asStory);
    },

    /**
     * Writes a new revision when the story is still at `baseRevision`; null when another save came first.
     * The conditional update is the check, so two saves racing on one revision cannot both win.
     */
    async saveRevision(
      id: string,
      baseRevision: number,
      record: Draft,
      userId: string,
      extra: Partial<{ status: StoryStatus; publishAt: Date | null }> = {},
    ): Promise<StoryRow | null> {
      const [row] = await db
        .update(newsroomStories)
        .set({
          record,
          slug: record.slug,
          headline: record.headline,
          sectionSlug: record.section,
          revision: baseRevision + 1,
          updatedBy: userId,
          updatedAt: sql`now()`,
          ...extra,
        })
        .where(and(eq(newsroomStories.id, id), eq(newsroomStories.revision, baseRevision)))
        .returning(storyColumns);
      if (!row) return null;
      await db.insert(newsroomRevisions).values({ storyId: id, revision: baseRevision + 1, record, userId });
      return asStory(row);
    },

    async setState(
      id: string,
      values: Partial<{
        status: StoryStatus;
        publishAt: Date | null;
        publishedAt: Date | null;
        articleId: string | null;
      }>,
    ): Promise<StoryRow> {
      const [row] = await db
        .update(newsroomStories)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(newsroomStories.id, id))
        .returning(storyColumns);
      return asStory(row!);
    },

    /**
     * Claims one due scheduled story: the conditional update succeeds in exactly one process (a second one
     * waits for the row and then finds it no longer scheduled).
     */
    async claimDue(id: string): Promise<StoryRow | null> {
      const [row] = await db
        .update(newsroomStories)
        .set({ status: 'published', updatedAt: sql`now()` })
        .where(
          and(
            eq(newsroomStories.id, id),
            eq(newsroomStories.status, 'scheduled'),
            sql`${newsroomStories.publishAt} <= now()`,
          ),
        )
        .returning(storyColumns);
      return row ? asStory(row) : null;
    },

    async dueIds(): Promise<string[]> {
      const rows = await db
        .select({ id: newsroomStories.id })
        .from(newsroomStories)
        .where(and(eq(newsroomStories.status, 'scheduled'), sql`${newsroomStories.publishAt} <= now()`))
        .orderBy(newsroomStories.publishAt)
        .limit(50);
      return rows.map((row) => row.id);
    },

    async revisions(storyId: string): Promise<RevisionRow[]> {
      return (await db
        .select({
          revision: newsroomRevisions.revision,
          record: newsroomRevisions.record,
          userId: newsroomRevisions.userId,
          name: sql<string>`coalesce(${newsroomStaff.name}, ${accounts.email})`,
          createdAt: newsroomRevisions.createdAt,
        })
        .from(newsroomRevisions)
        .innerJoin(accounts, eq(accounts.userId, newsroomRevisions.userId))
        .leftJoin(newsroomStaff, eq(newsroomStaff.userId, newsroomRevisions.userId))
        .where(eq(newsroomRevisions.storyId, storyId))
        .orderBy(desc(newsroomRevisions.revision))) as RevisionRow[];
    },

    async revision(storyId: string, revision: number): Promise<RevisionRow | null> {
      const rows = await queries.revisions(storyId);
      return rows.find((row) => row.revision === revision) ?? null;
    },

    async audit(entry: {
      userId: string | null;
      action: string;
      subject: string;
      before?: unknown;
      after?: unknown;
    }) {
      await db.insert(newsroomAudit).values({
        userId: entry.userId,
        action: entry.action,
        subject: entry.subject,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async auditLog(limit: number): Promise<AuditEntry[]> {
      return (await db
        .select({
          id: newsroomAudit.id,
          userId: newsroomAudit.userId,
          name: sql<string | null>`coalesce(${newsroomStaff.name}, ${accounts.email})`,
          action: newsroomAudit.action,
          subject: newsroomAudit.subject,
          before: newsroomAudit.before,
          after: newsroomAudit.after,
          createdAt: newsroomAudit.createdAt,
        })
        .from(newsroomAudit)
        .leftJoin(accounts, eq(accounts.userId, newsroomAudit.userId))
        .leftJoin(newsroomStaff, eq(newsroomStaff.userId, newsroomAudit.userId))
        .orderBy(desc(newsroomAudit.id))
        .limit(limit)) as AuditEntry[];
    },

    async touchPresence(storyId: string, userId: string): Promise<void> {
      await db
        .insert(newsroomPresence)
        .values({ storyId, userId, seenAt: sql`now()` as unknown as Date })
        .onConflictDoUpdate({
          target: [newsroomPresence.storyId, newsroomPresence.userId],
          set: { seenAt: sql`now()` },
        });
    },

    async leavePresence(storyId: string, userId: string): Promise<void> {
      await db
        .delete(newsroomPresence)
        .where(and(eq(newsroomPresence.storyId, storyId), eq(newsroomPresence.userId, userId)));
    },

    /** Who else has had the story open within `withinSeconds`. */
    async presentOthers(storyId: string, userId: string, withinSeconds: number): Promise<string[]> {
      const rows = await db
        .select({ name: sql<string>`coalesce(${newsroomStaff.name}, ${accounts.email})` })
        .from(newsroomPresence)
        .innerJoin(accounts, eq(accounts.userId, newsroomPresence.userId))
        .leftJoin(newsroomStaff, eq(newsroomStaff.userId, newsroomPresence.userId))
        .where(
          and(
            eq(newsroomPresence.storyId, storyId),
            ne(newsroomPresence.userId, userId),
            gt(newsroomPresence.seenAt, sql`now() - make_interval(secs => ${withinSeconds})`),
          ),
        );
      return rows.map((row) => row.name);
    },

    /** The taxonomy a story can name, by slug, for the editor's choices. */
    async taxonomy(): Promise<Taxonomy> {
      const [sections, topics, authors, series] = await Promise.all([
        db
          .select({ slug: contentSections.slug, name: contentSections.name })
          .from(contentSections)
          .orderBy(contentSections.name),
        db
          .select({ slug: contentTopics.slug, name: contentTopics.name })
          .from(contentTopics)
          .orderBy(contentTopics.name),
        db
          .select({ slug: contentAuthors.slug, name: contentAuthors.name })
          .from(contentAuthors)
          .orderBy(contentAuthors.name),
        db
          .select({ slug: contentSeries.slug, name: contentSeries.title })
          .from(contentSeries)
          .orderBy(contentSeries.title),
      ]);
      return { sections, topics, authors, series };
    },

    async deleteArticle(articleId: string): Promise<string | null> {
      const [row] = await db
        .delete(articles)
        .where(eq(articles.id, articleId))
        .returning({ slug: articles.slug });
      return row?.slug ?? null;
    },

    async articleIdBySlug(slug: string): Promise<string | null> {
      const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
      return row?.id ?? null;
    },
  };
  return queries;
}

/** The newsroom's storage: the only place that builds its queries. */
export interface NewsroomRepo extends ReturnType<typeof createNewsroomQueries> {
  /** Runs `work` in one transaction: everything it writes, or nothing. */
  transaction<T>(work: (repo: NewsroomRepo) => Promise<T>): Promise<T>;
}

export function createNewsroomRepo(db: Database): NewsroomRepo {
  return {
    ...createNewsroomQueries(db),
    transaction: (work) => db.transaction((tx) => work(createNewsroomRepo(tx as unknown as Database))),
  };
}
