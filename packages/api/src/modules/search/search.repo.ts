import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import type { SearchQuery } from './search-query';

/** Matches without a date (glossary terms, profiles, open job listings) ranked beside them. */
export const UNDATED_CANDIDATES = 100;

/** How the newest dated matches are looked for (docs/adr/0033, docs/adr/0042). */
export interface CandidateSizes {
  /** How many of the newest matches are ranked: the bounded candidate set (docs/adr/0026). */
  dated: number;
  /**
   * How many of the newest dated documents are tested one by one, down the recency index: a query matching
   * more than `dated / walk` of them (5 %) takes its candidates from this walk alone.
   */
  walk: number;
  /** How many of the newest dated documents are tested first, to choose between the walk and the GIN index. */
  sample: number;
  /**
   * How many of the sample must match (1 %) for the walk to be taken. Below that the walk would mostly
   * end short; between it and the walk's 5 % the walk stays cheaper than the GIN index when the last word
   * is a prefix (a prefix makes the GIN index go through every document having a word so begun).
   */
  sampleMatches: number;
}

export const CANDIDATE_SIZES: CandidateSizes = { dated: 400, walk: 8000, sample: 500, sampleMatches: 5 };
/** How many of the newest documents are read for a word before the GIN index is asked whether any has it. */
const NEWEST_WORD_CHECK = 500;

export type DocumentKind = 'story' | 'case_study' | 'glossary' | 'person' | 'organisation' | 'job';

export interface CandidateRow {
  id: number;
  kind: DocumentKind;
  refId: string;
  slug: string;
  title: string;
  /** A profile's headline, a job's employer · location · workplace; null for other kinds. */
  subtitle: string | null;
  summary: string;
  /** A profile's uploaded thumbnail. */
  image: string | null;
  sectionSlug: string | null;
  topicSlugs: string[];
  access: string | null;
  publishedAt: Date | null;
  score: number;
}

export interface CandidateFilters {
  section: string | null;
  topic: string | null;
  since: Date | null;
}

/** `all`: every word must match (the search box); `any`: any word may (questions, ranked by coverage). */
export type MatchMode = 'all' | 'any';

const MARK_START = '\u0002';
const MARK_STOP = '\u0003';
export const SNIPPET_MARKS = { start: MARK_START, stop: MARK_STOP } as const;

function tsquery(query: SearchQuery, mode: MatchMode): SQL {
  const base =
    mode === 'any'
      ? sql`websearch_to_tsquery('bof_search', ${query.words.join(' or ')})`
      : sql`websearch_to_tsquery('bof_search', ${query.text})`;
  if (!query.prefix || mode === 'any') return base;
  return sql`(${base} || (websearch_to_tsquery('bof_search', ${query.rest}) && to_tsquery('bof_search', ${`${query.prefix}:*`})))`;
}

const intArray = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`array[]::int[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

const toCandidate = (row: Row): CandidateRow => ({
  id: Number(row.id),
  kind: row.kind as DocumentKind,
  refId: String(row.ref_id),
  slug: String(row.slug),
  title: String(row.title),
  subtitle: (row.subtitle as string | null) ?? null,
  summary: String(row.summary),
  image: (row.image as string | null) ?? null,
  sectionSlug: (row.section_slug as string | null) ?? null,
  topicSlugs: (row.topic_slugs as string[] | null) ?? [],
  access: (row.access as string | null) ?? null,
  publishedAt: row.published_at ? new Date(row.published_at as string) : null,
  score: Number(row.score),
});

/** The search index's queries: the only place that builds them. */
export function createSearchRepo(db: Database, sizes: CandidateSizes = CANDIDATE_SIZES) {
  const continueFrom = Math.ceil((sizes.dated + 1) / 2);

  const filterSql = (filters: CandidateFilters): SQL => {
    const parts: SQL[] = [];
    if (filters.section) parts.push(sql`and d.section_slug = ${filters.section}`);
    if (filters.topic) parts.push(sql`and ${filters.topic} = any(d.topic_slugs)`);
    if (filters.since) parts.push(sql`and d.published_at >= ${filters.since.toISOString()}::timestamptz`);
    return sql.join(parts, sql` `);
  };
  // Relevance (title weighs most) times recency: a story loses 40 % of its weight over about a year;
  // what has no date (glossary terms, short and so favoured by length normalisation) weighs less.
  const scoreSql = (
    now: Date,
    query: SQL,
    d: SQL = sql`d`,
  ) => sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${d}.vector, ${query}, 1) * (case
      when ${d}.published_at is null then 0.35
      else 0.6 + 0.4 * exp(-greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - ${d}.published_at))) / 31557600)
    end)`;

  return {
    /**
     * The ranked candidates of a query: the newest `sizes.dated` matches and up to UNDATED_CANDIDATES
     * undated ones, each ranked by relevance blended with recency, best first. `capped` says more matched.
     */
    async candidates(
      query: SearchQuery,
      mode: MatchMode,
      filters: CandidateFilters,
      now: Date,
    ): Promise<{ rows: CandidateRow[]; capped: boolean }> {
      const filter = filterSql(filters);
      // The query is written inline (not in a CTE) wherever it is used: it is then a constant the planner
      // folds, and estimates from the vector statistics.
      const q = tsquery(query, mode);
      // Documents walked one by one are tested without word positions (migration 0039) when the query is
      // plain words: quotes, and words the parser splits (hyphens, apostrophes, dots), make phrases, which
      // need the positions (a vector without them never matches a phrase).
      const walkVector = sql.raw(/^[\s\p{L}\p{N}]*$/u.test(query.text) ? 'match_vector' : 'vector');
      const undated =
        filters.section || filters.topic || filters.since
          ? sql``
          : sql`union all (select d.id, null from search_documents d where d.vector @@ ${q} and d.published_at is null
              and (d.expires_at is null or d.expires_at > ${now.toISOString()}::timestamptz) limit ${UNDATED_CANDIDATES})`;
      // The newest matches (docs/adr/0033, docs/adr/0042). The newest `sizes.sample` documents are tested
      // first: how many of them match says which way is cheaper. When at least 1 % do, the walk down the
      // recency index finds the newest matches at once (testing each vector, up to `sizes.walk` of them);
      // if it still falls short, the rest come from the documents older than the walk: further down the
      // recency index when the walk found `continueFrom` or more (the missing ones are then at most
      // another `sizes.walk` rows away), else from the GIN index. When fewer match in the sample the words
      // are rare, and the GIN index gives their matches at once, sorted by date. The last two ways are
      // fenced (`offset 0`) so the planner keeps them as written: ANDing the GIN bitmap with an index
      // range over every older document read tens of thousands of index entries for one match.
      const result = await db.execute(sql`
        with sample as materialized (
          select count(*) filter (where s.hit) >= ${sizes.sampleMatches} as dense from (
            select d.${walkVector} @@ ${q} as hit from search_documents d
            where d.published_at is not null ${filter}
            order by d.published_at desc nulls last, d.id desc nulls last
            limit ${sizes.sample}
          ) s
        ),
        walked as materialized (
          select w.id, ${scoreSql(now, q, sql`w`)} as score from (
            select d.id, d.vector, d.${walkVector} as tested, d.published_at from search_documents d
            where (select dense from sample) and d.published_at is not null ${filter}
            order by d.published_at desc nulls last, d.id desc nulls last
            limit ${sizes.walk}
          ) w
          where w.tested @@ ${q}
          limit ${sizes.dated + 1}
        ),
        dense as materialized (select count(*) > ${sizes.dated} as enough, count(*) as found from walked),
        edge as materialized (
          select d.published_at, d.id from search_documents d
          where (select dense and not enough from sample, dense) and d.published_at is not null ${filter}
          order by d.published_at desc nulls last, d.id desc nulls last
          offset ${sizes.walk - 1} limit 1
        ),
        dated as materialized (
          (select id, score from walked)
          union all
          (select c.id, null::float8 from (
              select d.id, d.${walkVector} as tested, d.published_at from search_documents d
              where (select found from dense) >= ${continueFrom} and exists (select from edge) and d.published_at is not null ${filter}
                and (d.published_at, d.id) < (select e.published_at, e.id from edge e)
              order by d.published_at desc nulls last, d.id desc nulls last
              offset 0
            ) c
            where c.tested @@ ${q}
            limit greatest(0, ${sizes.dated + 1} - (select found from dense)))
          union all
          (select r.id, null::float8 from (
              select d.id, d.published_at from search_documents d
              where ((select not dense from sample) or ((select found from dense) < ${continueFrom} and exists (select from edge)))
                and d.vector @@ ${q} and d.published_at is not null ${filter}
              offset 0
            ) r
            where (select not dense from sample) or (r.published_at, r.id) < (select e.published_at, e.id from edge e)
            order by r.published_at desc nulls last, r.id desc nulls last
            limit greatest(0, ${sizes.dated + 1} - (select found from dense)))
        ),
        cand as ((select id, score from dated) ${undated})
        select d.id, d.kind, d.ref_id, d.slug, d.title, d.subtitle, d.summary, d.image, d.section_slug, d.topic_slugs, d.access,
          d.published_at, coalesce(cand.score, ${scoreSql(now, q)}) as score,
          (select count(*) from dated) as dated_count
        from cand join search_documents d on d.id = cand.id
        order by score desc, d.published_at desc nulls last, d.id desc`);
      const rows = rowsOf(result);
      const capped = rows.length > 0 && Number(rows[0]!.dated_count) > sizes.dated;
      return { rows: rows.slice(0, sizes.dated + UNDATED_CANDIDATES).map(toCandidate), capped };
    },

    /**
     * The words no document contains (stop words included): the only ones worth matching by similarity.
     * Asked first of the newest documents, where a common word is found at once, then of the GIN index.
     */
    async unmatchedWords(words: readonly string[]): Promise<string[]> {
      if (words.length === 0) return [];
      // One constant query per word, so the planner sees each word and estimates it.
      const checks = words.map(
        (w, i) => sql`select ${i} as ord, ${w}::text as w where not (
          exists (select 1 from (
              select d.vector from search_documents d
              order by d.published_at desc nulls last, d.id desc nulls last limit ${NEWEST_WORD_CHECK}
            ) n where n.vector @@ plainto_tsquery('bof_search', ${w}))
          or exists (select 1 from search_documents d where d.vector @@ plainto_tsquery('bof_search', ${w}))
        )`,
      );
      const result = await db.execute(sql`${sql.join(checks, sql` union all `)} order by ord`);
      return rowsOf(result).map((row) => String(row.w));
    },

    /** Titles that look like the words (pg_trgm word similarity): misspelled names, "balenciga". */
    async similarTitles(
      words: readonly string[],
      filters: CandidateFilters,
      now: Date,
    ): Promise<CandidateRow[]> {
      const text = words
        .filter((w) => w.length >= 4)
        .join(' ')
        .normalize('NFD')
        .replace(/\p{M}/gu, '');
      if (!text) return [];
      const result = await db.execute(sql`
        with q as (select websearch_to_tsquery('bof_search', ${text}) as query)
        select d.id, d.kind, d.ref_id, d.slug, d.title, d.subtitle, d.summary, d.image, d.section_slug, d.topic_slugs, d.access,
          d.published_at, word_similarity(${text}, d.title) * ${scoreSql(now, sql`q.query`)} + word_similarity(${text}, d.title) as score
        from search_documents d, q
        where ${text} <% d.title ${filterSql(filters)}
          and (d.expires_at is null or d.expires_at > ${now.toISOString()}::timestamptz)
        order by word_similarity(${text}, d.title) desc, d.published_at desc nulls last, d.id desc
        limit 20`);
      return rowsOf(result).map(toCandidate);
    },

    /**
     * Highlighted snippets for the page shown: from the body for `bodyIds` (what the reader may read),
     * from the summary for the others. Matches are wrapped in SNIPPET_MARKS.
     */
    async snippets(
      query: SearchQuery,
      mode: MatchMode,
      ids: readonly number[],
      bodyIds: readonly number[],
    ): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute(sql`
        with q as (select ${tsquery(query, mode)} as query)
        select d.id, ts_headline('bof_search',
          case when d.id = any(${intArray(bodyIds)}) then coalesce(a.body_text, d.summary) else d.summary end,
          q.query,
          ${`StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`}
        ) as snippet
        from search_documents d left join articles a on a.id = d.article_id, q
        where d.id = any(${intArray(ids)})`);
      return new Map(rowsOf(result).map((row) => [Number(row.id), String(row.snippet)]));
    },

    /** The body blocks of articles, read only for those the reader may read. */
    async bodies(articleIds: readonly string[]): Promise<Map<string, unknown>> {
      if (articleIds.length === 0) return new Map();
      const result = await db.execute(
        sql`select id, body from articles where id::text = any(${textArray(articleIds)})`,
      );
      return new Map(rowsOf(result).map((row) => [String(row.id), row.body]));
    },

    /** The stemmed, accent-folded words of each text (stop words left out), in the index's configuration. */
    async lexemes(texts: readonly string[]): Promise<string[][]> {
      if (texts.length === 0) return [];
      const result = await db.execute(sql`
        select t.ord, tsvector_to_array(to_tsvector('bof_search', t.s)) as lexemes
        from unnest(${textArray(texts)}) with ordinality as t(s, ord) order by t.ord`);
      return rowsOf(result).map((row) => (row.lexemes as string[] | null) ?? []);
    },

    /** Writes glossary terms into the index (created or replaced by slug) and removes terms no longer listed. */
    async writeGlossary(terms: readonly { slug: string; term: string; definition: string }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from search_documents where kind = 'glossary' and not (ref_id = any(${textArray(terms.map((t) => t.slug))}))`,
        );
        for (const t of terms)
          await tx.execute(sql`
            insert into search_documents (kind, ref_id, slug, title, summary, vector)
            values ('glossary', ${t.slug}, ${t.slug}, ${t.term}, ${t.definition},
              setweight(to_tsvector('bof_search', ${t.term}), 'A') || setweight(to_tsvector('bof_search', ${t.definition}), 'B'))
            on conflict (kind, ref_id) do update set title = excluded.title, summary = excluded.summary,
              vector = excluded.vector`);
      });
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;

/** Section and topic names by slug, for facets. */
export async function taxonomyNames(db: Database): Promise<{
  sections: Map<string, string>;
  topics: Map<string, string>;
}> {
  const rows = rowsOf(
    await db.execute(sql`select 'section' as kind, slug, name from content_sections
      union all select 'topic', slug, name from content_topics`),
  );
  const of = (kind: string) =>
    new Map(rows.filter((r) => r.kind === kind).map((r) => [String(r.slug), String(r.name)]));
  return { sections: of('section'), topics: of('topic') };
}
