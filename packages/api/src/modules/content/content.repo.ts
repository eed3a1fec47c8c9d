import { and, asc, count, desc, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articleAuthors,
  articleTags,
  articleTopics,
  articleVersions,
  articles,
  contentAuthors,
  contentSections,
  contentSeries,
  contentTags,
  contentTopics,
  frontPagePins,
} from '@bof/db/schema';
import type { BodyBlock, GlossaryEntry, Hero } from './content.inputs';
import type {
  Author,
  Byline,
  Section,
  Series,
  Story,
  StoryCard,
  StoryFilter,
  StoryLocation,
  StoryVersion,
  Topic,
} from './content.types';
import { smartQuotes, typographicBlock, typographicGlossary, typographicHero } from './typography';

const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  kind: articles.kind,
  headline: articles.headline,
  standfirst: articles.standfirst,
  sectionSlug: contentSections.slug,
  sectionName: contentSections.name,
  seriesSlug: contentSeries.slug,
  seriesTitle: contentSeries.title,
  hero: articles.hero,
  access: articles.access,
  mediaType: articles.mediaType,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  wordCount: articles.wordCount,
  readingMinutes: articles.readingMinutes,
};

type CardRow = {
  id: string;
  slug: string;
  kind: 'article' | 'case_study';
  headline: string;
  standfirst: string;
  sectionSlug: string;
  sectionName: string;
  seriesSlug: string | null;
  seriesTitle: string | null;
  hero: unknown;
  access: string;
  mediaType: string;
  publishedAt: Date;
  updatedAt: Date | null;
  wordCount: number;
  readingMinutes: number;
};

/** A card from its row, bylines (in byline order) and topics (in the story's order). */
function toCard(row: CardRow, authors: Byline[], topics: StoryCard['topics']): StoryCard {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    // Typographic quotes as the story is read (typography.ts): the stored text stays as imported.
    headline: smartQuotes(row.headline),
    standfirst: smartQuotes(row.standfirst),
    section: { slug: row.sectionSlug, name: row.sectionName },
    series: row.seriesSlug ? { slug: row.seriesSlug, title: row.seriesTitle ?? '' } : null,
    hero: typographicHero(row.hero as Hero),
    access: row.access,
    mediaType: row.mediaType,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    wordCount: row.wordCount,
    readingMinutes: row.readingMinutes,
    authors,
    topics,
  };
}

/** How many of each topic's newest stories recommendations consider. */
const OVERLAP_CANDIDATES = 300;

/** The only place that builds the content's read queries. */
/**
 * Whether a slug could name a record. PostgreSQL text cannot hold U+0000, so comparing with one fails
 * the query; no record has such a slug, so the lookup finds nothing (404 on pages, null in GraphQL).
 */
const isFindableSlug = (slug: string) => !slug.includes('\u0000');

export function createContentRepo(db: Database) {
  /** The conditions on the story itself (not its topic or author). */
  const storyWhere = (filter: StoryFilter): SQL | undefined =>
    and(
      filter.kind ? eq(articles.kind, filter.kind) : undefined,
      filter.sectionId !== undefined ? eq(articles.sectionId, filter.sectionId) : undefined,
      filter.seriesId !== undefined ? eq(articles.seriesId, filter.seriesId) : undefined,
      filter.excludeIds && filter.excludeIds.length > 0
        ? notInArray(articles.id, [...filter.excludeIds])
        : undefined,
    );
  const hasStoryConditions = (filter: StoryFilter) =>
    Boolean(
      filter.kind ||
      filter.sectionId !== undefined ||
      filter.seriesId !== undefined ||
      filter.excludeIds?.length,
    );

  /**
   * Each story's bylines and topics as JSON arrays (correlated subqueries over the link tables' keys,
   * evaluated only for the rows a query keeps), so a list's cards come with their people in one query.
   */
  const peopleColumns = {
    bylines: sql<unknown>`(select coalesce(json_agg(json_build_object('slug', ${contentAuthors.slug}, 'name', ${contentAuthors.name}, 'title', ${contentAuthors.title}, 'role', ${articleAuthors.role}) order by ${articleAuthors.position}), '[]'::json) from ${articleAuthors} join ${contentAuthors} on ${contentAuthors.id} = ${articleAuthors.authorId} where ${articleAuthors.articleId} = ${articles.id})`,
    topics: sql<unknown>`(select coalesce(json_agg(json_build_object('slug', ${contentTopics.slug}, 'name', ${contentTopics.name}) order by ${articleTopics.position}), '[]'::json) from ${articleTopics} join ${contentTopics} on ${contentTopics.id} = ${articleTopics.topicId} where ${articleTopics.articleId} = ${articles.id})`,
  };
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  /** A card from a row selected with `peopleColumns`. */
  const cardOf = (row: CardRow & { bylines: unknown; topics: unknown }): StoryCard =>
    toCard(row, json<Byline[]>(row.bylines), json<StoryCard['topics']>(row.topics));

  /** The cards of the stories a condition picks, each with its bylines and topics: one query. */
  const cardsQuery = () =>
    db
      .select({ ...cardColumns, ...peopleColumns })
      .from(articles)
      .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
      .leftJoin(contentSeries, eq(contentSeries.id, articles.seriesId));

  /**
   * A list's cards in one query: the card columns with each story's bylines and topics as JSON arrays
   * (correlated subqueries over the link tables' keys, evaluated for the rows the page keeps), and,
   * when `total` is given, the list's size as an uncorrelated subquery (computed once).
   */
  async function cardsWithPeople(
    filter: StoryFilter,
    window: { limit: number; offset: number },
    total?: SQL,
  ): Promise<{ cards: StoryCard[]; total: number | null }> {
    const columns = {
      ...cardColumns,
      ...peopleColumns,
      total: total ? sql<unknown>`(${total})` : sql<unknown>`null`,
    };
    const link = linkOf(filter);
    const rows = link
      ? await db
          .select(columns)
          .from(link.table)
          .innerJoin(articles, eq(articles.id, link.on))
          .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
          .leftJoin(contentSeries, eq(contentSeries.id, articles.seriesId))
          .where(and(link.key, storyWhere(filter)))
          .orderBy(desc(link.table.publishedAt), desc(link.on))
          .limit(window.limit)
          .offset(window.offset)
      : await db
          .select(columns)
          .from(articles)
          .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
          .leftJoin(contentSeries, eq(contentSeries.id, articles.seriesId))
          .where(storyWhere(filter))
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(window.limit)
          .offset(window.offset);
    return {
      cards: rows.map((row) => cardOf(row as CardRow & { bylines: unknown; topics: unknown })),
      total: rows.length > 0 && rows[0]!.total !== null ? Number(rows[0]!.total) : null,
    };
  }

  /** The link table a list walks: a topic's or an author's stories, else none (the stories themselves). */
  function linkOf(filter: StoryFilter) {
    return filter.topicId !== undefined
      ? {
          table: articleTopics,
          on: articleTopics.articleId,
          key: eq(articleTopics.topicId, filter.topicId),
        }
      : filter.authorId !== undefined
        ? {
            table: articleAuthors,
            on: articleAuthors.articleId,
            key: eq(articleAuthors.authorId, filter.authorId),
          }
        : undefined;
  }

  /** How many stories a list holds: a query to run alone or as a subquery. */
  function countQuery(filter: StoryFilter) {
    const link = linkOf(filter);
    if (!link) return db.select({ n: count() }).from(articles).where(storyWhere(filter));
    return hasStoryConditions(filter)
      ? db
          .select({ n: count() })
          .from(link.table)
          .innerJoin(articles, eq(articles.id, link.on))
          .where(and(link.key, storyWhere(filter)))
      : db.select({ n: count() }).from(link.table).where(link.key);
  }

  return {
    /**
     * Newest first (ties by id), `limit` stories after skipping `offset`. A topic's or author's list
     * walks that link table's (id, published) index, so a page reads only its own rows.
     */
    async listStories(filter: StoryFilter, window: { limit: number; offset: number }): Promise<StoryCard[]> {
      return (await cardsWithPeople(filter, window)).cards;
    },

    /**
     * A page of a list and the list's size in one query (two when the page is past the end: then the
     * size is counted on its own).
     */
    async storyPage(
      filter: StoryFilter,
      window: { limit: number; offset: number },
    ): Promise<{ stories: StoryCard[]; total: number }> {
      const { cards, total } = await cardsWithPeople(filter, window, countQuery(filter).getSQL());
      if (total !== null) return { stories: cards, total };
      const [row] = await countQuery(filter);
      return { stories: cards, total: row?.n ?? 0 };
    },

    /**
     * The newest stories by any of the authors, on any of the topics or in any of the sections (a
     * reader's follows), published after `since` when given; and how many there are.
     */
    async followedStories(
      followed: {
        authorIds: readonly number[];
        topicIds: readonly number[];
        sectionIds: readonly number[];
        since?: Date;
      },
      window: { limit: number; offset: number },
    ): Promise<{ stories: StoryCard[]; total: number }> {
      const any = or(
        followed.authorIds.length > 0
          ? inArray(
              articles.id,
              db
                .select({ id: articleAuthors.articleId })
                .from(articleAuthors)
                .where(inArray(articleAuthors.authorId, [...followed.authorIds])),
            )
          : undefined,
        followed.topicIds.length > 0
          ? inArray(
              articles.id,
              db
                .select({ id: articleTopics.articleId })
                .from(articleTopics)
                .where(inArray(articleTopics.topicId, [...followed.topicIds])),
            )
          : undefined,
        followed.sectionIds.length > 0 ? inArray(articles.sectionId, [...followed.sectionIds]) : undefined,
      );
      if (!any) return { stories: [], total: 0 };
      const where = and(any, followed.since ? gt(articles.publishedAt, followed.since) : undefined);
      const [rows, [total]] = await Promise.all([
        cardsQuery()
          .where(where)
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(articles).where(where),
      ]);
      return { stories: rows.map(cardOf), total: Number(total?.n ?? 0) };
    },

    /**
     * The ids of the newest `limit` stories matching `filter` (no topic or author: those go through
     * `topicStoryIds`), newest first: a light query, for pages that pick from several lists at once.
     */
    async storyIds(filter: Omit<StoryFilter, 'topicId' | 'authorId'>, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(storyWhere(filter))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * For each topic, the ids of its newest `limit` stories of `kind`, newest first, in one query (each
     * topic walks its own (topic, published) index entries).
     */
    async topicStoryIds(
      topicIds: readonly number[],
      kind: StoryFilter['kind'],
      limit: number,
    ): Promise<Map<number, string[]>> {
      const byTopic = new Map<number, string[]>(topicIds.map((id) => [id, []]));
      if (topicIds.length === 0) return byTopic;
      const ids = sql.join(
        topicIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const result = await db.execute<{ topic_id: number; article_id: string }>(sql`
        select topic.id as topic_id, c.article_id
        from unnest(array[${ids}]::integer[]) with ordinality as topic(id, n)
        cross join lateral (
          select t.article_id, t.published_at
          from ${articleTopics} t
          join ${articles} a on a.id = t.article_id
          where t.topic_id = topic.id ${kind ? sql`and a.kind = ${kind}` : sql``}
          order by t.published_at desc, t.article_id desc
          limit ${limit}
        ) c
        order by topic.n, c.published_at desc, c.article_id desc`);
      for (const row of (result as unknown as { rows: { topic_id: number; article_id: string }[] }).rows)
        byTopic.get(Number(row.topic_id))?.push(row.article_id);
      return byTopic;
    },

    /** Cards for `ids` in that order (unknown ids left out), with their bylines and topics: one query. */
    async cardsByIds(ids: readonly string[]): Promise<StoryCard[]> {
      if (ids.length === 0) return [];
      const cards = (await cardsQuery().where(inArray(articles.id, [...ids]))).map(cardOf);
      const byId = new Map(cards.map((c) => [c.id, c]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async countStories(filter: StoryFilter): Promise<number> {
      const [row] = await countQuery(filter);
      return row?.n ?? 0;
    },

    async storiesBySlugs(slugs: readonly string[]): Promise<StoryCard[]> {
      const findable = slugs.filter(isFindableSlug);
      if (findable.length === 0) return [];
      return (await cardsQuery().where(inArray(articles.slug, findable))).map(cardOf);
    },

    /** A story with its bylines and topics, and its tags: two queries, asked together. */
    async story(slug: string): Promise<Story | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [[row], tags] = await Promise.all([
        db
          .select({
            ...cardColumns,
            ...peopleColumns,
            body: articles.body,
            glossary: articles.glossary,
            version: articles.version,
          })
          .from(articles)
          .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
          .leftJoin(contentSeries, eq(contentSeries.id, articles.seriesId))
          .where(eq(articles.slug, slug)),
        db
          .select({ slug: contentTags.slug, name: contentTags.name })
          .from(articleTags)
          .innerJoin(articles, eq(articles.id, articleTags.articleId))
          .innerJoin(contentTags, eq(contentTags.id, articleTags.tagId))
          .where(eq(articles.slug, slug))
          .orderBy(asc(articleTags.position)),
      ]);
      if (!row) return undefined;
      return {
        ...cardOf(row),
        body: (row.body as BodyBlock[]).map(typographicBlock),
        glossary: typographicGlossary((row.glossary as GlossaryEntry[] | null) ?? null),
        tags,
        version: row.version,
      };
    },

    /**
     * What recommendations start from: a story's id and its topics' ids, in one query; undefined when
     * there is no such story.
     */
    async storyTopicIds(slug: string): Promise<{ id: string; topicIds: number[] } | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db
        .select({
          id: articles.id,
          topicIds: sql<unknown>`(select coalesce(json_agg(${articleTopics.topicId} order by ${articleTopics.position}), '[]'::json) from ${articleTopics} where ${articleTopics.articleId} = ${articles.id})`,
        })
        .from(articles)
        .where(eq(articles.slug, slug));
      return row ? { id: row.id, topicIds: json<number[]>(row.topicIds).map(Number) } : undefined;
    },

    /**
     * Stories sharing topics with `topicIds`, most shared topics first, then newest; `excludeId` left
     * out. Candidates are each topic's newest OVERLAP_CANDIDATES stories, so the cost does not grow
     * with the archive.
     */
    async storiesByTopicOverlap(topicIds: readonly number[], excludeId: string | null, limit: number) {
      if (topicIds.length === 0) return [];
      const ids = sql.join(
        topicIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const result = await db.execute<{ article_id: string }>(sql`
        select c.article_id
        from unnest(array[${ids}]::integer[]) as topic(id)
        cross join lateral (
          select t.article_id, t.published_at
          from ${articleTopics} t
          where t.topic_id = topic.id
            ${excludeId ? sql`and t.article_id <> ${excludeId}` : sql``}
          order by t.published_at desc, t.article_id desc
          limit ${OVERLAP_CANDIDATES}
        ) c
        group by c.article_id
        order by count(*) desc, max(c.published_at) desc, c.article_id desc
        limit ${limit}`);
      const order = (result as unknown as { rows: { article_id: string }[] }).rows.map((r) => r.article_id);
      if (order.length === 0) return [];
      const cards = (await cardsQuery().where(inArray(articles.id, order))).map(cardOf);
      const byId = new Map(cards.map((c) => [c.id, c]));
      return order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async section(slug: string): Promise<Section | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db.select().from(contentSections).where(eq(contentSections.slug, slug));
      return row;
    },
    async topic(slug: string): Promise<Topic | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db.select().from(contentTopics).where(eq(contentTopics.slug, slug));
      return row;
    },
    async topicsBySlugs(slugs: readonly string[]): Promise<Topic[]> {
      const findable = slugs.filter(isFindableSlug);
      if (findable.length === 0) return [];
      return db.select().from(contentTopics).where(inArray(contentTopics.slug, findable));
    },
    async author(slug: string): Promise<Author | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db.select().from(contentAuthors).where(eq(contentAuthors.slug, slug));
      return row;
    },
    async series(slug: string): Promise<Series | undefined> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db.select().from(contentSeries).where(eq(contentSeries.slug, slug));
      return row;
    },
    /** Topics with how many stories each has, the busiest first. */
    async topicsByStoryCount(): Promise<(Topic & { stories: number })[]> {
      return db
        .select({
          id: contentTopics.id,
          slug: contentTopics.slug,
          name: contentTopics.name,
          description: contentTopics.description,
          stories: count(articleTopics.articleId),
        })
        .from(contentTopics)
        .leftJoin(articleTopics, eq(articleTopics.topicId, contentTopics.id))
        .groupBy(contentTopics.id)
        .orderBy(desc(count(articleTopics.articleId)), asc(contentTopics.name));
    },
    /** The stories editors pinned to the front page's lead slots, by slot (1 is the top story). */
    async frontPins(): Promise<{ slot: number; id: string }[]> {
      return db
        .select({ slot: frontPagePins.slot, id: frontPagePins.articleId })
        .from(frontPagePins)
        .orderBy(asc(frontPagePins.slot));
    },
    /**
     * Topics of the newest `recent` stories, the most used among them first. The newest stories are
     * joined to their topics by the link table's key, so the cost does not grow with the archive (an
     * `IN (subquery)` let the planner hash the whole link table).
     */
    async busiestTopics(recent: number): Promise<(Topic & { stories: number })[]> {
      const newest = db
        .select({ id: articles.id })
        .from(articles)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(recent)
        .as('newest');
      return db
        .select({
          id: contentTopics.id,
          slug: contentTopics.slug,
          name: contentTopics.name,
          description: contentTopics.description,
          stories: count(articleTopics.articleId),
        })
        .from(newest)
        .innerJoin(articleTopics, eq(articleTopics.articleId, newest.id))
        .innerJoin(contentTopics, eq(contentTopics.id, articleTopics.topicId))
        .groupBy(contentTopics.id)
        .orderBy(desc(count(articleTopics.articleId)), asc(contentTopics.name));
    },
    async sections(): Promise<Section[]> {
      return db.select().from(contentSections).orderBy(asc(contentSections.id));
    },
    async authors(): Promise<Author[]> {
      return db.select().from(contentAuthors).orderBy(asc(contentAuthors.name));
    },
    async allSeries(): Promise<Series[]> {
      return db.select().from(contentSeries).orderBy(asc(contentSeries.title));
    },

    async versions(slug: string): Promise<StoryVersion[]> {
      if (!isFindableSlug(slug)) return [];
      return db
        .select({
          version: articleVersions.version,
          contentHash: articleVersions.contentHash,
          createdAt: articleVersions.createdAt,
        })
        .from(articleVersions)
        .innerJoin(articles, eq(articles.id, articleVersions.articleId))
        .where(eq(articles.slug, slug))
        .orderBy(asc(articleVersions.version));
    },

    /** The record a story had at `version`, as imported. */
    async versionRecord(slug: string, version: number): Promise<unknown> {
      if (!isFindableSlug(slug)) return undefined;
      const [row] = await db
        .select({ record: articleVersions.record })
        .from(articleVersions)
        .innerJoin(articles, eq(articles.id, articleVersions.articleId))
        .where(and(eq(articles.slug, slug), eq(articleVersions.version, version)));
      return row?.record;
    },

    /** Where stories live, newest first, for the sitemap. */
    async locations(window: { limit: number; offset: number }): Promise<StoryLocation[]> {
      return db
        .select({
          slug: articles.slug,
          kind: articles.kind,
          sectionSlug: contentSections.slug,
          publishedAt: articles.publishedAt,
          updatedAt: articles.updatedAt,
        })
        .from(articles)
        .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    /** The newest publication or update time, for feeds and sitemaps; null when there is no story. */
    async lastModified(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`max(coalesce(${articles.updatedAt}, ${articles.publishedAt}))` })
        .from(articles);
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
