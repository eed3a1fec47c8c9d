CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION bof_search (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION bof_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"article_id" uuid,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"section_slug" text,
	"topic_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"access" text,
	"published_at" timestamp with time zone,
	"vector" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_ref_key" UNIQUE("kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_documents_published_idx" ON "search_documents" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_article_idx" ON "search_documents" USING btree ("article_id");--> statement-breakpoint
CREATE FUNCTION search_index_articles(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_documents WHERE article_id = ANY(ids);
  INSERT INTO search_documents
    (kind, ref_id, article_id, slug, title, summary, section_slug, topic_slugs, access, published_at, vector)
  SELECT
    CASE WHEN a.kind = 'case_study' THEN 'case_study' ELSE 'story' END,
    a.id::text, a.id, a.slug, a.headline, a.standfirst, s.slug, coalesce(t.slugs, '{}'::text[]), a.access,
    a.published_at,
    setweight(to_tsvector('bof_search', a.headline), 'A')
      || setweight(to_tsvector('bof_search', a.standfirst), 'B')
      || setweight(to_tsvector('bof_search', a.body_text), 'C')
      || setweight(to_tsvector('bof_search', coalesce(t.names, '') || ' ' || coalesce(au.names, '')), 'D')
  FROM articles a
  JOIN content_sections s ON s.id = a.section_id
  LEFT JOIN LATERAL (
    SELECT array_agg(ct.slug ORDER BY at.position) AS slugs, string_agg(ct.name, ' ') AS names
    FROM article_topics at JOIN content_topics ct ON ct.id = at.topic_id
    WHERE at.article_id = a.id
  ) t ON true
  LEFT JOIN LATERAL (
    SELECT string_agg(ca.name, ' ') AS names
    FROM article_authors aa JOIN content_authors ca ON ca.id = aa.author_id
    WHERE aa.article_id = a.id
  ) au ON true
  WHERE a.id = ANY(ids);
$$;--> statement-breakpoint
SELECT search_index_articles(array(SELECT id FROM articles));
