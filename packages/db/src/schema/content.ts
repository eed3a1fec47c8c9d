import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The content model: sections, topics, tags, authors, series, and articles (case studies are articles
 * of the kind `case_study`, with a glossary). Records arrive through the content import (docs/content-
 * format.md) and are found by slug; the JSON columns hold the import's validated shapes.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const contentSections = pgTable('content_sections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

export const contentTopics = pgTable('content_topics', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

/** Tags are created by the articles that name them; the name is derived from the slug. */
export const contentTags = pgTable('content_tags', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const contentAuthors = pgTable('content_authors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  bio: text('bio').notNull(),
  /** An uploaded portrait (the newsroom's media store), when the desk has given one. */
  photo: uuid('photo'),
});

export const contentSeries = pgTable('content_series', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
});

/**
 * The current version of each article. `body`, `hero` and `glossary` hold the validated blocks of the
 * import format; `bodyText` is their plain text, for search. `version` counts content changes;
 * `contentHash` identifies the current version's content, so a re-import of the same text is a no-op.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: ['article', 'case_study'] }).notNull(),
    headline: text('headline').notNull(),
    standfirst: text('standfirst').notNull(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => contentSections.id),
    seriesId: integer('series_id').references(() => contentSeries.id),
    access: text('access').notNull(),
    mediaType: text('media_type').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    hero: jsonb('hero').notNull(),
    body: jsonb('body').notNull(),
    glossary: jsonb('glossary'),
    bodyText: text('body_text').notNull(),
    wordCount: integer('word_count').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', headline), 'A') || setweight(to_tsvector('english', standfirst), 'B') || setweight(to_tsvector('english', body_text), 'C')`,
    ),
  },
  (table) => [
    // Lists are newest first, ties by id (`desc` in the queries is NULLS FIRST, so the indexes say so too):
    // each list reads its index in order and stops at the page.
    index('articles_published_idx').on(table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('articles_section_published_idx').on(
      table.sectionId,
      table.publishedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('articles_series_published_idx').on(
      table.seriesId,
      table.publishedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('articles_kind_published_idx').on(
      table.kind,
      table.publishedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('articles_search_idx').using('gin', table.searchVector),
    index('articles_headline_trgm_idx').using('gin', table.headline.op('gin_trgm_ops')),
    // The illustration route serves only art a story uses: its hero, or an image block of its body.
    index('articles_hero_art_idx').on(sql`(${table.hero} -> 'art')`),
    index('articles_body_path_idx').using('gin', sql`${table.body} jsonb_path_ops`),
  ],
);

/** Every version an article has had, the current one included: an update never loses earlier text. */
export const articleVersions = pgTable(
  'article_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The whole validated record of this version, as imported. */
    record: jsonb('record').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [unique('article_versions_article_version_key').on(table.articleId, table.version)],
);

/**
 * An article's contributors in byline order, each with a spec §4 story contributor role. The story's
 * publication time is repeated here (and in article_topics) so an author's or topic's stories are read
 * newest first from one index; the import rewrites the links whenever a story changes.
 */
export const articleAuthors = pgTable(
  'article_authors',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => contentAuthors.id),
    role: text('role').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.position] }),
    index('article_authors_author_idx').on(
      table.authorId,
      table.publishedAt.desc().nullsFirst(),
      table.articleId.desc().nullsFirst(),
    ),
  ],
);

/** An article's topics; position 0 is its main topic. */
export const articleTopics = pgTable(
  'article_topics',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => contentTopics.id),
    position: integer('position').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.topicId] }),
    index('article_topics_topic_idx').on(
      table.topicId,
      table.publishedAt.desc().nullsFirst(),
      table.articleId.desc().nullsFirst(),
    ),
  ],
);

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => contentTags.id),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagId] }),
    index('article_tags_tag_idx').on(table.tagId),
  ],
);
