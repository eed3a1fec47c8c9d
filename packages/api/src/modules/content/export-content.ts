import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articleAuthors,
  articleTags,
  articleTopics,
  articles,
  contentAuthors,
  contentSections,
  contentSeries,
  contentTags,
  contentTopics,
} from '@bof/db/schema';
import type {
  BodyBlock,
  ContentRecord,
  Contributor,
  GlossaryEntry,
  Hero,
  StoryRecord,
} from './content.inputs';

/** Stories read per round trip. */
const PAGE = 500;

/**
 * A time as the export writes it: UTC, without the milliseconds when there are none
 * (`2026-10-14T07:30:00Z`), the form the demo edition and the docs use, so an export of imported
 * content imports again as unchanged.
 */
export function exportTime(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

const byPosition = <T extends { articleId: string; position: number }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position))
    map.set(row.articleId, [...(map.get(row.articleId) ?? []), row]);
  return map;
};

/**
 * Every record of the database in the import format (docs/content-format.md), rebuilt from what the
 * import wrote (stories, their links and the taxonomy; not from the kept versions): sections, topics,
 * authors and series, then stories by slug. Streams stories a page at a time, so it serves a corpus
 * of any size. Importing its output into an empty database gives the same content again.
 */
export async function* exportContent(db: Database): AsyncGenerator<ContentRecord> {
  const sections = await db.select().from(contentSections).orderBy(asc(contentSections.id));
  const topics = await db.select().from(contentTopics).orderBy(asc(contentTopics.id));
  const authors = await db.select().from(contentAuthors).orderBy(asc(contentAuthors.id));
  const series = await db.select().from(contentSeries).orderBy(asc(contentSeries.id));
  for (const s of sections) yield { type: 'section', slug: s.slug, name: s.name, description: s.description };
  for (const t of topics) yield { type: 'topic', slug: t.slug, name: t.name, description: t.description };
  for (const a of authors)
    yield {
      type: 'author',
      slug: a.slug,
      name: a.name,
      title: a.title,
      bio: a.bio,
      ...(a.photo ? { photo: a.photo } : {}),
    };
  for (const s of series) yield { type: 'series', slug: s.slug, title: s.title, description: s.description };

  const sectionSlug = new Map(sections.map((s) => [s.id, s.slug]));
  const topicSlug = new Map(topics.map((t) => [t.id, t.slug]));
  const authorSlug = new Map(authors.map((a) => [a.id, a.slug]));
  const seriesSlug = new Map(series.map((s) => [s.id, s.slug]));

  let after = '';
  for (;;) {
    const rows = await db
      .select()
      .from(articles)
      .where(gt(articles.slug, after))
      .orderBy(asc(articles.slug))
      .limit(PAGE);
    if (rows.length === 0) return;
    after = rows.at(-1)!.slug;
    const ids = rows.map((r) => r.id);
    const [bylines, topicLinks, tagLinks] = await Promise.all([
      db.select().from(articleAuthors).where(inArray(articleAuthors.articleId, ids)),
      db.select().from(articleTopics).where(inArray(articleTopics.articleId, ids)),
      db
        .select({ articleId: articleTags.articleId, position: articleTags.position, slug: contentTags.slug })
        .from(articleTags)
        .innerJoin(contentTags, eq(contentTags.id, articleTags.tagId))
        .where(inArray(articleTags.articleId, ids)),
    ]);
    const authorsOf = byPosition(bylines);
    const topicsOf = byPosition(topicLinks);
    const tagsOf = byPosition(tagLinks);
    for (const row of rows) {
      const fields = {
        slug: row.slug,
        headline: row.headline,
        standfirst: row.standfirst,
        section: sectionSlug.get(row.sectionId)!,
        topics: (topicsOf.get(row.id) ?? []).map((l) => topicSlug.get(l.topicId)!),
        tags: (tagsOf.get(row.id) ?? []).map((l) => l.slug),
        authors: (authorsOf.get(row.id) ?? []).map(
          (l) => ({ slug: authorSlug.get(l.authorId)!, role: l.role }) as Contributor,
        ),
        access: row.access,
        mediaType: row.mediaType,
        series: row.seriesId === null ? null : seriesSlug.get(row.seriesId)!,
        publishedAt: exportTime(row.publishedAt),
        updatedAt: row.updatedAt ? exportTime(row.updatedAt) : null,
        hero: row.hero as Hero,
        body: row.body as BodyBlock[],
      };
      yield (
        row.kind === 'case_study'
          ? { type: 'caseStudy', ...fields, glossary: row.glossary as GlossaryEntry[] }
          : { type: 'article', ...fields }
      ) as StoryRecord;
    }
  }
}
