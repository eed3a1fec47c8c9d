import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articleAuthors,
  articleTopics,
  articles,
  contentAuthors,
  contentSections,
  contentSeries,
  contentTopics,
  frontPagePins,
  newsroomMedia,
} from '@bof/db/schema';
import type { DeskKind } from './newsroom-desk.inputs';

/** A section, topic, author or series as the desk shows it, with how many published stories name it. */
export interface DeskEntry {
  kind: DeskKind;
  slug: string;
  /** A series' title; everyone else's name. */
  name: string;
  /** An author's job title. */
  title: string | null;
  /** An author's bio; everyone else's description. */
  description: string;
  photo: string | null;
  stories: number;
}

export interface FrontPin {
  slot: number;
  articleId: string;
  slug: string;
  headline: string;
  sectionSlug: string;
}

/** The desk's queries: the newsroom repo spreads them in, so they run in its transactions. */
export function createDeskQueries(db: Database) {
  const byKind = {
    section: async (): Promise<DeskEntry[]> => {
      const rows = await db
        .select({
          slug: contentSections.slug,
          name: contentSections.name,
          description: contentSections.description,
          stories: count(articles.id),
        })
        .from(contentSections)
        .leftJoin(articles, eq(articles.sectionId, contentSections.id))
        .groupBy(contentSections.id)
        .orderBy(asc(contentSections.name));
      return rows.map((r) => ({ kind: 'section', title: null, photo: null, ...r }));
    },
    topic: async (): Promise<DeskEntry[]> => {
      const rows = await db
        .select({
          slug: contentTopics.slug,
          name: contentTopics.name,
          description: contentTopics.description,
          stories: count(articleTopics.articleId),
        })
        .from(contentTopics)
        .leftJoin(articleTopics, eq(articleTopics.topicId, contentTopics.id))
        .groupBy(contentTopics.id)
        .orderBy(asc(contentTopics.name));
      return rows.map((r) => ({ kind: 'topic', title: null, photo: null, ...r }));
    },
    author: async (): Promise<DeskEntry[]> => {
      const rows = await db
        .select({
          slug: contentAuthors.slug,
          name: contentAuthors.name,
          title: contentAuthors.title,
          description: contentAuthors.bio,
          photo: contentAuthors.photo,
          stories: sql<number>`count(distinct ${articleAuthors.articleId})::int`,
        })
        .from(contentAuthors)
        .leftJoin(articleAuthors, eq(articleAuthors.authorId, contentAuthors.id))
        .groupBy(contentAuthors.id)
        .orderBy(asc(contentAuthors.name));
      return rows.map((r) => ({ kind: 'author', ...r }));
    },
    series: async (): Promise<DeskEntry[]> => {
      const rows = await db
        .select({
          slug: contentSeries.slug,
          name: contentSeries.title,
          description: contentSeries.description,
          stories: count(articles.id),
        })
        .from(contentSeries)
        .leftJoin(articles, eq(articles.seriesId, contentSeries.id))
        .groupBy(contentSeries.id)
        .orderBy(asc(contentSeries.title));
      return rows.map((r) => ({ kind: 'series', title: null, photo: null, ...r }));
    },
  } satisfies Record<DeskKind, () => Promise<DeskEntry[]>>;

  const tables = {
    section: contentSections,
    topic: contentTopics,
    author: contentAuthors,
    series: contentSeries,
  } as const;

  return {
    deskEntries: (kind: DeskKind) => byKind[kind](),

    async deskEntryExists(kind: DeskKind, slug: string): Promise<boolean> {
      const table = tables[kind];
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
      return row !== undefined;
    },

    /** The published stories whose pages show the entry (its name, title or bio). */
    async storiesNaming(kind: DeskKind, slug: string): Promise<{ id: string; slug: string }[]> {
      const columns = { id: articles.id, slug: articles.slug };
      switch (kind) {
        case 'section':
          return db
            .select(columns)
            .from(articles)
            .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
            .where(eq(contentSections.slug, slug));
        case 'series':
          return db
            .select(columns)
            .from(articles)
            .innerJoin(contentSeries, eq(contentSeries.id, articles.seriesId))
            .where(eq(contentSeries.slug, slug));
        case 'topic':
          return db
            .select(columns)
            .from(articles)
            .innerJoin(articleTopics, eq(articleTopics.articleId, articles.id))
            .innerJoin(contentTopics, eq(contentTopics.id, articleTopics.topicId))
            .where(eq(contentTopics.slug, slug));
        case 'author':
          return db
            .selectDistinct(columns)
            .from(articles)
            .innerJoin(articleAuthors, eq(articleAuthors.articleId, articles.id))
            .innerJoin(contentAuthors, eq(contentAuthors.id, articleAuthors.authorId))
            .where(eq(contentAuthors.slug, slug));
      }
    },

    async mediaExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: newsroomMedia.id })
        .from(newsroomMedia)
        .where(eq(newsroomMedia.id, id));
      return row !== undefined;
    },

    async frontPins(): Promise<FrontPin[]> {
      return db
        .select({
          slot: frontPagePins.slot,
          articleId: frontPagePins.articleId,
          slug: articles.slug,
          headline: articles.headline,
          sectionSlug: contentSections.slug,
        })
        .from(frontPagePins)
        .innerJoin(articles, eq(articles.id, frontPagePins.articleId))
        .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
        .orderBy(asc(frontPagePins.slot));
    },

    /** The newest published articles (not case studies), as candidates for the lead slots. */
    async recentArticles(limit: number): Promise<{ slug: string; headline: string }[]> {
      return db
        .select({ slug: articles.slug, headline: articles.headline })
        .from(articles)
        .where(eq(articles.kind, 'article'))
        .orderBy(desc(articles.publishedAt))
        .limit(limit);
    },

    /** Published articles (not case studies) by slug. */
    async pinnableArticles(slugs: readonly string[]): Promise<Map<string, string>> {
      if (slugs.length === 0) return new Map();
      const rows = await db
        .select({ id: articles.id, slug: articles.slug })
        .from(articles)
        .where(sql`${inArray(articles.slug, [...slugs])} and ${articles.kind} = 'article'`);
      return new Map(rows.map((r) => [r.slug, r.id]));
    },

    /** Replaces every pin with `pins`. */
    async setFrontPins(pins: readonly { slot: number; articleId: string }[], userId: string): Promise<void> {
      await db.delete(frontPagePins);
      if (pins.length > 0)
        await db.insert(frontPagePins).values(pins.map((pin) => ({ ...pin, pinnedBy: userId })));
    },
  };
}
