-- Open job listings in the search index (issue 21, ADR 37): published listings only, written by a trigger
-- so the index changes in the same transaction as an approval, an edit (back to pending: the row goes),
-- a rejection, a feed import or a delete. A listing closes by the clock, not by a write: its closing
-- instant is kept in expires_at (null for every other kind) and the search query leaves expired rows out.
-- Listings have no published_at in the index: they are ranked with the undated matches, so the
-- recency walk over stories is untouched.
ALTER TABLE "search_documents" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- A description as plain text: a heading or list item without a closing stop gets one, so the summary
-- reads as sentences ("What you will do. Work closely…"), then tags go and the few entities are decoded.
CREATE FUNCTION search_job_text(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      search_profile_text(regexp_replace(coalesce(html, ''), '([^.!?:;>\s])\s*</(h[1-6]|li)>', '\1.</\2>', 'gi')),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g'));
$$;--> statement-breakpoint
CREATE FUNCTION search_job_summary(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(t) <= 280 THEN t
    ELSE coalesce(nullif(substring(left(t, 280) from '^(.*)\s\S*$'), ''), left(t, 280)) || ' …' END
  FROM (SELECT search_job_text(html) AS t) s;
$$;--> statement-breakpoint
CREATE FUNCTION search_job_workplace(workplace text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE workplace WHEN 'REMOTE' THEN 'Remote' WHEN 'HYBRID' THEN 'Hybrid' WHEN 'ON_SITE' THEN 'On-site' END;
$$;--> statement-breakpoint
CREATE FUNCTION search_index_job_listings(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_documents WHERE kind = 'job' AND ref_id = ANY(ids::text[]);
  INSERT INTO search_documents (kind, ref_id, slug, title, subtitle, summary, expires_at, vector)
  SELECT 'job', j.id::text, j.slug, j.title,
    nullif(concat_ws(' · ', nullif(btrim(coalesce(o.public->>'title', o.source->>'title', '')), ''),
      nullif(btrim(j.location), ''), search_job_workplace(j.workplace)), ''),
    search_job_summary(j.description_html),
    j.closes_at,
    setweight(to_tsvector('bof_search', j.title), 'A')
      || setweight(to_tsvector('bof_search', concat_ws(' ', coalesce(o.public->>'title', o.source->>'title'),
        replace(j.job_function, '-', ' '), replace(j.job_industry, '-', ' '), replace(j.job_level, '-', ' '))), 'B')
      || setweight(to_tsvector('bof_search', search_job_text(j.description_html)), 'C')
      || setweight(to_tsvector('bof_search', concat_ws(' ', j.location, search_job_workplace(j.workplace))), 'D')
  FROM job_listings j
  JOIN organisation_profiles o ON o.id = j.employer_profile_id
  WHERE j.id = ANY(ids) AND j.status = 'published';
$$;--> statement-breakpoint
CREATE FUNCTION search_index_job_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = 'job' AND ref_id = OLD.id::text;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.status <> 'published' THEN
    RETURN NEW;
  END IF;
  PERFORM search_index_job_listings(ARRAY[NEW.id]);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- The employer's name is in its listings' subtitles and vectors: they follow a change of it.
CREATE FUNCTION search_index_job_employer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(NEW.public->>'title', NEW.source->>'title') IS NOT DISTINCT FROM coalesce(OLD.public->>'title', OLD.source->>'title') THEN
    RETURN NEW;
  END IF;
  PERFORM search_index_job_listings(array(
    SELECT j.id FROM job_listings j WHERE j.employer_profile_id = NEW.id AND j.status = 'published'));
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "job_listings_search_index" AFTER INSERT OR UPDATE OR DELETE ON "job_listings" FOR EACH ROW EXECUTE FUNCTION search_index_job_listing_change();--> statement-breakpoint
CREATE TRIGGER "organisation_profiles_job_search_index" AFTER UPDATE OF "public", "source" ON "organisation_profiles" FOR EACH ROW EXECUTE FUNCTION search_index_job_employer_change();--> statement-breakpoint
SELECT search_index_job_listings(array(SELECT id FROM job_listings WHERE status = 'published'));
