-- Person and organisation profiles in the search index (ADR 38): the public version only, written by
-- triggers so the index changes in the same statement, and so the same transaction, as a publication, a
-- withdrawal or any other change of the public version. Draft saves do not touch it.
ALTER TABLE "search_documents" ADD COLUMN "subtitle" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "image" text;--> statement-breakpoint
CREATE FUNCTION search_profile_text(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g');
$$;--> statement-breakpoint
CREATE FUNCTION search_profile_uuid(value text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN value::uuid END;
$$;--> statement-breakpoint
CREATE FUNCTION search_profile_image(url text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN url ~ '^/media/[0-9a-f-]{36}\.webp$' THEN url END;
$$;--> statement-breakpoint
CREATE FUNCTION search_index_person_profiles(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_documents WHERE kind = 'person' AND ref_id = ANY(ids::text[]);
  INSERT INTO search_documents (kind, ref_id, slug, title, subtitle, summary, image, vector)
  SELECT 'person', p.id::text, p.public_slug,
    btrim(concat_ws(' ', p.public->>'firstName', p.public->>'lastName')),
    nullif(btrim(coalesce(nullif(p.public->>'title', ''), p.public->>'subtitle', '')), ''),
    coalesce(p.public->>'summary', ''),
    search_profile_image(p.public->>'profileThumbnail'),
    setweight(to_tsvector('bof_search', concat_ws(' ', p.public->>'firstName', p.public->>'lastName')), 'A')
      || setweight(to_tsvector('bof_search', concat_ws(' ', p.public->>'title', p.public->>'subtitle', p.public->>'summary')), 'B')
      || setweight(to_tsvector('bof_search', concat_ws(' ', search_profile_text(p.public->>'editorialDescription'), cr.text, ed.text)), 'C')
      || setweight(to_tsvector('bof_search', concat_ws(' ', p.public->>'category', p.public#>>'{location,city}', p.public#>>'{location,country}')), 'D')
  FROM person_profiles p
  LEFT JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', c->>'jobTitle', o.public->>'title'), ' ') AS text
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.public->'careers') = 'array' THEN p.public->'careers' ELSE '[]'::jsonb END) c
    LEFT JOIN organisation_profiles o ON o.id = search_profile_uuid(c->>'organisationId') AND o.public IS NOT NULL
  ) cr ON true
  LEFT JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', e->>'description', o.public->>'title'), ' ') AS text
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.public->'education') = 'array' THEN p.public->'education' ELSE '[]'::jsonb END) e
    LEFT JOIN organisation_profiles o ON o.id = search_profile_uuid(e->>'organisationId') AND o.public IS NOT NULL
  ) ed ON true
  WHERE p.id = ANY(ids) AND p.public IS NOT NULL AND p.public_slug IS NOT NULL;
$$;--> statement-breakpoint
-- Never the premium description: the index holds only what any reader may see.
CREATE FUNCTION search_index_organisation_profiles(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_documents WHERE kind = 'organisation' AND ref_id = ANY(ids::text[]);
  INSERT INTO search_documents (kind, ref_id, slug, title, subtitle, summary, image, vector)
  SELECT 'organisation', o.id::text, o.public_slug, btrim(coalesce(o.public->>'title', '')),
    nullif(btrim(concat_ws(' · ', nullif(o.public->>'organisationIndustry', ''), nullif(o.public#>>'{headquarters,city}', ''))), ''),
    coalesce(o.public->>'summary', ''),
    search_profile_image(o.public->>'profileThumbnail'),
    setweight(to_tsvector('bof_search', coalesce(o.public->>'title', '')), 'A')
      || setweight(to_tsvector('bof_search', coalesce(o.public->>'summary', '')), 'B')
      || setweight(to_tsvector('bof_search', concat_ws(' ', search_profile_text(o.public->>'editorialDescription'), pr.text)), 'C')
      || setweight(to_tsvector('bof_search', concat_ws(' ', o.public->>'organisationIndustry', replace(o.public->>'organisationType', '-', ' '), o.public#>>'{headquarters,city}', o.public#>>'{headquarters,country}')), 'D')
  FROM organisation_profiles o
  LEFT JOIN LATERAL (
    SELECT string_agg(pj->>'title', ' ') AS text
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.public->'projects') = 'array' THEN o.public->'projects' ELSE '[]'::jsonb END) pj
  ) pr ON true
  WHERE o.id = ANY(ids) AND o.public IS NOT NULL AND o.public_slug IS NOT NULL AND o.public->>'title' IS NOT NULL;
$$;--> statement-breakpoint
CREATE FUNCTION search_index_person_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = 'person' AND ref_id = OLD.id::text;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.public IS NOT DISTINCT FROM OLD.public AND NEW.public_slug IS NOT DISTINCT FROM OLD.public_slug THEN
    RETURN NEW;
  END IF;
  PERFORM search_index_person_profiles(ARRAY[NEW.id]);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- An organisation's name is also in the careers of the people who worked there: they follow its changes.
CREATE FUNCTION search_index_organisation_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  profile_id uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    profile_id := OLD.id;
    DELETE FROM search_documents WHERE kind = 'organisation' AND ref_id = OLD.id::text;
  ELSE
    profile_id := NEW.id;
    IF TG_OP = 'UPDATE' AND NEW.public IS NOT DISTINCT FROM OLD.public AND NEW.public_slug IS NOT DISTINCT FROM OLD.public_slug THEN
      RETURN NEW;
    END IF;
    PERFORM search_index_organisation_profiles(ARRAY[NEW.id]);
    IF TG_OP = 'UPDATE' AND (NEW.public->>'title') IS NOT DISTINCT FROM (OLD.public->>'title') THEN
      RETURN NEW;
    END IF;
  END IF;
  PERFORM search_index_person_profiles(array(
    SELECT p.id FROM person_profiles p
    WHERE p.public IS NOT NULL AND (
      p.public->'careers' @> jsonb_build_array(jsonb_build_object('organisationId', profile_id::text))
      OR p.public->'education' @> jsonb_build_array(jsonb_build_object('organisationId', profile_id::text)))));
  RETURN coalesce(NEW, OLD);
END;
$$;--> statement-breakpoint
CREATE TRIGGER "person_profiles_search_index" AFTER INSERT OR UPDATE OF "public", "public_slug" OR DELETE ON "person_profiles" FOR EACH ROW EXECUTE FUNCTION search_index_person_profile_change();--> statement-breakpoint
CREATE TRIGGER "organisation_profiles_search_index" AFTER INSERT OR UPDATE OF "public", "public_slug" OR DELETE ON "organisation_profiles" FOR EACH ROW EXECUTE FUNCTION search_index_organisation_profile_change();--> statement-breakpoint
SELECT search_index_organisation_profiles(array(SELECT id FROM organisation_profiles));--> statement-breakpoint
SELECT search_index_person_profiles(array(SELECT id FROM person_profiles));
