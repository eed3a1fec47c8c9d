import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { articles } from './content';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index: one row per findable thing (a story, a case study or report, a glossary term; person
 * and organisation profiles as kinds `person` and `organisation`, their public version only). Rows are
 * written in the same transaction as the content they index (profiles by triggers, migration 0036). `vector` is weighted: A the title, B the summary,
 * C the body, D topics and authors, all in the `bof_search` configuration (English stemming over
 * accent-folded words). `title` also has a trigram index, for misspelled names.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['story', 'case_study', 'glossary', 'person', 'organisation', 'job'],
    }).notNull(),
    /** The indexed record's own id: an article's uuid, a glossary term's slug, a profile's id. */
    refId: text('ref_id').notNull(),
    /** Set for stories and case studies, so the row goes when the article goes. */
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** A profile's headline (a person's role, an organisation's industry and city); null otherwise. */
    subtitle: text('subtitle'),
    summary: text('summary').notNull(),
    /** A profile's uploaded thumbnail (`/media/{id}.webp`); an image on another site is never kept. */
    image: text('image'),
    sectionSlug: text('section_slug'),
    topicSlugs: text('topic_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The article's access level; null for what everyone may read (glossary, profiles). */
    access: text('access'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A job listing's closing instant: past it the row is never found (migration 0037); null otherwise. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    vector: tsvector('vector').notNull(),
    /**
     * The vector without word positions (migration 0039), kept by PostgreSQL: what the search walks when it
     * tests the newest documents one by one (a third of the size, five times quicker to test). Phrases
     * (quoted words) need the positions, so they are tested against `vector`.
     */
    matchVector: tsvector('match_vector').generatedAlwaysAs(sql`strip(vector)`),
  },
  (table) => [
    unique('search_documents_kind_ref_key').on(table.kind, table.refId),
    // Without fastupdate (migration 0032): PGlite runs no autovacuum, so a pending list would be read
    // through by every search until it reached 4 MB.
    index('search_documents_vector_idx').using('gin', table.vector).with({ fastupdate: 'off' }),
    index('search_documents_published_idx').on(table.publishedAt.desc().nullsLast(), table.id.desc()),
    index('search_documents_title_trgm_idx')
      .using('gin', table.title.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
    index('search_documents_article_idx').on(table.articleId),
  ],
);
