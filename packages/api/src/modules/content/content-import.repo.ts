import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
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
} from '@bof/db/schema';
import { announceContentChange, type ContentChange } from '../../platform/content-changes';
import type { StoryRecord } from './content.inputs';
import { bodyPlainText, countWords, readingMinutes } from './content-text';
import type { ImportTaxonomy, ReferenceKind } from './content-validation';

/** What an import did to one kind of record. */
export interface WriteCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What a batch of stories did, with the stories it created or changed. */
export interface StoryWrites extends WriteCounts {
  written: { id: string; slug: string }[];
}

/** Ids of the taxonomy by slug, for linking stories. */
export interface TaxonomyIds {
  sections: Map<string, number>;
  topics: Map<string, number>;
  authors: Map<string, number>;
  series: Map<string, number>;
}

/** The fingerprint of a validated record: equal records (same fields, same order) hash equal. */
export function contentHash(record: unknown): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex');
}

/** A tag's display name from its slug: `luxury-resale` → `Luxury resale`. */
export function tagName(slug: string): string {
  const words = slug.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const zero = (): WriteCounts => ({ created: 0, updated: 0, unchanged: 0 });

/** The import's storage: the only place that builds its write queries. */
export interface ContentImportRepo {
  existingSlugs(kind: ReferenceKind, slugs: readonly string[]): Promise<Set<string>>;
  writeTaxonomy(
    taxonomy: ImportTaxonomy,
  ): Promise<Record<'sections' | 'topics' | 'authors' | 'series', WriteCounts>>;
  taxonomyIds(): Promise<TaxonomyIds>;
  writeStories(stories: readonly StoryRecord[], ids: TaxonomyIds): Promise<StoryWrites>;
  /** Tells every server process (content_changes); delivered only when the transaction commits. */
  announce(change: ContentChange): Promise<void>;
  transaction<T>(work: (repo: ContentImportRepo) => Promise<T>): Promise<T>;
  analyze(): Promise<void>;
}

/** The import's storage over `db`. */
export function createContentImportRepo(db: Database): ContentImportRepo {
  const tables = {
    section: contentSections,
    topic: contentTopics,
    author: contentAuthors,
    series: contentSeries,
  } as const;

  async function upsertTaxonomy<Row extends { slug: string }>(
    table: (typeof tables)[keyof typeof tables],
    rows: readonly Row[],
    fields: (row: Row) => Record<string, string | null>,
  ): Promise<WriteCounts> {
    const counts = zero();
    if (rows.length === 0) return counts;
    const existing = await db
      .select()
      .from(table)
      .where(
        inArray(
          table.slug,
          rows.map((r) => r.slug),
        ),
      );
    const bySlug = new Map(existing.map((row) => [row.slug, row as unknown as Record<string, unknown>]));
    for (const row of rows) {
      const values = fields(row);
      const stored = bySlug.get(row.slug);
      if (!stored) {
        await db.insert(table).values({ slug: row.slug, ...values } as never);
        counts.created++;
      } else if (Object.entries(values).some(([key, value]) => stored[key] !== value)) {
        await db
          .update(table)
          .set(values as never)
          .where(eq(table.slug, row.slug));
        counts.updated++;
      } else counts.unchanged++;
    }
    return counts;
  }

  return {
    /** Which of `slugs` exist, per kind (articles and case studies share the `article` kind). */
    async existingSlugs(kind: ReferenceKind, slugs: readonly string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const table = kind === 'article' ? articles : tables[kind];
      const rows = await db
        .select({ slug: table.slug })
        .from(table)
        .where(inArray(table.slug, [...slugs]));
      return new Set(rows.map((row) => row.slug));
    },

    /** Creates or updates sections, topics, authors and series by slug. */
    async writeTaxonomy(taxonomy: ImportTaxonomy) {
      return {
        sections: await upsertTaxonomy(tables.section, taxonomy.sections, (r) => ({
          name: r.name,
          description: r.description,
        })),
        topics: await upsertTaxonomy(tables.topic, taxonomy.topics, (r) => ({
          name: r.name,
          description: r.description,
        })),
        authors: await upsertTaxonomy(tables.author, taxonomy.authors, (r) => ({
          name: r.name,
          title: r.title,
          bio: r.bio,
          photo: r.photo ?? null,
        })),
        series: await upsertTaxonomy(tables.series, taxonomy.series, (r) => ({
          title: r.title,
          description: r.description,
        })),
      };
    },

    /** Every taxonomy id by slug. */
    async taxonomyIds(): Promise<TaxonomyIds> {
      const pairs = async (table: (typeof tables)[keyof typeof tables]) =>
        new Map((await db.select({ id: table.id, slug: table.slug }).from(table)).map((r) => [r.slug, r.id]));
      return {
        sections: await pairs(contentSections),
        topics: await pairs(contentTopics),
        authors: await pairs(contentAuthors),
        series: await pairs(contentSeries),
      };
    },

    /**
     * Writes a batch of validated stories: new slugs are created at version 1; a slug whose content
     * changed is updated, its version raised and the new version kept beside the earlier ones; an
     * unchanged slug is left alone. Links (authors, topics, tags) are replaced for changed stories.
     */
    async writeStories(stories: readonly StoryRecord[], ids: TaxonomyIds): Promise<StoryWrites> {
      const counts: StoryWrites = { ...zero(), written: [] };
      if (stories.length === 0) return counts;
      const existing = await db
        .select({
          id: articles.id,
          slug: articles.slug,
          hash: articles.contentHash,
          version: articles.version,
        })
        .from(articles)
        .where(
          inArray(
            articles.slug,
            stories.map((s) => s.slug),
          ),
        );
      const bySlug = new Map(existing.map((row) => [row.slug, row]));
      const toWrite: { story: StoryRecord; hash: string; previous?: { id: string; version: number } }[] = [];
      for (const story of stories) {
        const hash = contentHash(story);
        const stored = bySlug.get(story.slug);
        if (stored && stored.hash === hash) counts.unchanged++;
        else toWrite.push({ story, hash, ...(stored ? { previous: stored } : {}) });
      }
      if (toWrite.length === 0) return counts;

      const tagSlugs = [...new Set(toWrite.flatMap((w) => w.story.tags))];
      const tagIds = new Map<string, number>();
      if (tagSlugs.length > 0) {
        await db
          .insert(contentTags)
          .values(tagSlugs.map((slug) => ({ slug, name: tagName(slug) })))
          .onConflictDoNothing({ target: contentTags.slug });
        const rows = await db
          .select({ id: contentTags.id, slug: contentTags.slug })
          .from(contentTags)
          .where(inArray(contentTags.slug, tagSlugs));
        for (const row of rows) tagIds.set(row.slug, row.id);
      }

      const rowOf = (story: StoryRecord, hash: string, version: number) => {
        const text = bodyPlainText(story.body);
        const words = countWords(text);
        return {
          slug: story.slug,
          kind: story.type === 'caseStudy' ? ('case_study' as const) : ('article' as const),
          headline: story.headline,
          standfirst: story.standfirst,
          sectionId: ids.sections.get(story.section)!,
          seriesId: story.series ? ids.series.get(story.series)! : null,
          access: story.access,
          mediaType: story.mediaType,
          publishedAt: new Date(story.publishedAt),
          updatedAt: story.updatedAt ? new Date(story.updatedAt) : null,
          hero: story.hero,
          body: story.body,
          glossary: story.type === 'caseStudy' ? story.glossary : null,
          bodyText: text,
          wordCount: words,
          readingMinutes: readingMinutes(words),
          version,
          contentHash: hash,
          importedAt: new Date(),
        };
      };

      const written: { id: string; story: StoryRecord; hash: string; version: number }[] = [];
      const fresh = toWrite.filter((w) => !w.previous);
      if (fresh.length > 0) {
        const inserted = await db
          .insert(articles)
          .values(fresh.map((w) => rowOf(w.story, w.hash, 1)))
          .returning({ id: articles.id, slug: articles.slug });
        const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
        for (const w of fresh)
          written.push({ id: idBySlug.get(w.story.slug)!, story: w.story, hash: w.hash, version: 1 });
        counts.created += fresh.length;
      }
      const changed = toWrite.filter((w) => w.previous);
      for (const w of changed) {
        const version = w.previous!.version + 1;
        await db
          .update(articles)
          .set(rowOf(w.story, w.hash, version))
          .where(eq(articles.id, w.previous!.id));
        written.push({ id: w.previous!.id, story: w.story, hash: w.hash, version });
      }
      counts.updated += changed.length;
      if (changed.length > 0) {
        const changedIds = changed.map((w) => w.previous!.id);
        await db.delete(articleAuthors).where(inArray(articleAuthors.articleId, changedIds));
        await db.delete(articleTopics).where(inArray(articleTopics.articleId, changedIds));
        await db.delete(articleTags).where(inArray(articleTags.articleId, changedIds));
      }

      const authorRows = written.flatMap((w) =>
        w.story.authors.map((a, position) => ({
          articleId: w.id,
          position,
          authorId: ids.authors.get(a.slug)!,
          role: a.role,
          publishedAt: new Date(w.story.publishedAt),
        })),
      );
      const topicRows = written.flatMap((w) =>
        w.story.topics.map((slug, position) => ({
          articleId: w.id,
          topicId: ids.topics.get(slug)!,
          position,
          publishedAt: new Date(w.story.publishedAt),
        })),
      );
      const tagRows = written.flatMap((w) =>
        w.story.tags.map((slug, position) => ({ articleId: w.id, tagId: tagIds.get(slug)!, position })),
      );
      if (authorRows.length > 0) await db.insert(articleAuthors).values(authorRows);
      if (topicRows.length > 0) await db.insert(articleTopics).values(topicRows);
      if (tagRows.length > 0) await db.insert(articleTags).values(tagRows);
      await db
        .insert(articleVersions)
        .values(
          written.map((w) => ({ articleId: w.id, version: w.version, contentHash: w.hash, record: w.story })),
        );
      counts.written = written.map((w) => ({ id: w.id, slug: w.story.slug }));
      // The search index follows in the same transaction (migration 0024's search_index_articles).
      const writtenIds = sql.join(
        written.map((w) => sql`${w.id}`),
        sql`, `,
      );
      await db.execute(sql`select search_index_articles(array[${writtenIds}]::uuid[])`);
      return counts;
    },

    announce: (change) => announceContentChange(db, change),

    /** Runs `work` in one transaction: everything it writes, or nothing. */
    transaction<T>(work: (repo: ContentImportRepo) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createContentImportRepo(tx as unknown as Database)));
    },

    /** Refreshes the planner's statistics after a large import. */
    async analyze(): Promise<void> {
      await db.execute(
        sql`analyze articles, article_topics, article_authors, article_tags, search_documents`,
      );
    },
  };
}
