import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { parseSearchQuery } from './search-query';
import { createSearchRepo, type CandidateFilters, type CandidateSizes } from './search.repo';

let database: DatabaseHandle;

/**
 * 400 dated stories, one an hour, the newest last; each word is found at its own density, so that with
 * the small sizes below every way of finding the newest matches (docs/adr/0042) is taken by one of them.
 */
const STORIES = 400;
const wordsOf = (i: number) =>
  [
    'everyword',
    i % 8 === 0 ? 'eighth' : '',
    i % 20 === 0 ? 'twentieth' : '',
    i < 30 && i % 10 === 0 ? 'oldrare' : '',
  ].join(' ');
// 10 ranked; a sample of the newest 20 chooses; a walk of 60; continued when it found 6 or more.
const SMALL: CandidateSizes = { dated: 10, walk: 60, sample: 20, sampleMatches: 1 };
const NO_FILTERS: CandidateFilters = { section: null, topic: null, since: null };

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = Array.from(
    { length: STORIES },
    (_, i) => sql`('story', ${`s${i}`}, ${`s${i}`}, ${`Story ${i}`}, ${wordsOf(i)},
      ${i % 2 === 0 ? 'news' : 'analysis'}, ${new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()}::timestamptz,
      to_tsvector('bof_search', ${wordsOf(i)}))`,
  );
  await database.db
    .execute(sql`insert into search_documents (kind, ref_id, slug, title, summary, section_slug,
    published_at, vector) values ${sql.join(rows, sql`, `)}`);
}, 240_000);
afterAll(async () => {
  await database?.close();
});

/** The definition the candidate set must meet: the newest `dated + 1` matches, by date. */
async function newestMatches(q: string, dated: number, section: string | null = null): Promise<string[]> {
  const query = parseSearchQuery(q)!;
  const prefix = query.prefix
    ? sql` or d.vector @@ (websearch_to_tsquery('bof_search', ${query.rest}) && to_tsquery('bof_search', ${`${query.prefix}:*`}))`
    : sql``;
  const result = await database.db.execute(sql`select d.ref_id from search_documents d
    where (d.vector @@ websearch_to_tsquery('bof_search', ${query.text}) ${prefix}) and d.published_at is not null
      ${section ? sql`and d.section_slug = ${section}` : sql``}
    order by d.published_at desc, d.id desc limit ${dated + 1}`);
  return ((result as unknown as { rows: { ref_id: string }[] }).rows ?? []).map((r) => r.ref_id).sort();
}

async function candidates(q: string, sizes?: CandidateSizes, filters = NO_FILTERS) {
  const repo = createSearchRepo(database.db, sizes);
  const found = await repo.candidates(parseSearchQuery(q)!, 'all', filters, new Date(Date.UTC(2026, 0, 20)));
  return { ids: found.rows.map((r) => r.refId).sort(), capped: found.capped };
}

describe('the candidate set', () => {
  it.each([
    ['everyword', 'a word in every story: the walk alone'],
    ['eighth', 'one story in 8: the walk, continued down the recency index'],
    ['eigh', 'the same as a prefix being typed'],
    ['twentieth', 'one story in 20: the walk, then the GIN index beyond its edge'],
    ['oldrare', 'three old stories: the GIN index at once'],
    ['everyword eighth', 'two words'],
    ['nowhere', 'a word found nowhere'],
    ['"everyword eighth"', 'a phrase, in the order written'],
    ['"eighth everyword"', 'a phrase in the wrong order: no story'],
    ['everyword-eighth', 'hyphenated words, a phrase'],
    ['eighth-everyword', 'hyphenated words in the wrong order: no story'],
  ])('is the newest matches of %j (%s), ranked', async (q) => {
    const expected = await newestMatches(q, SMALL.dated);
    const small = await candidates(q, SMALL);
    expect(small.ids).toEqual(expected);
    expect(small.capped).toBe(expected.length > SMALL.dated);
    // The product's sizes over the same stories: the sample covers them all.
    const product = await candidates(q);
    expect(product.ids).toEqual(await newestMatches(q, 400));
  });

  it('applies a section filter in every way of looking', async () => {
    for (const q of ['everyword', 'eighth', 'twentieth', 'oldrare']) {
      const expected = await newestMatches(q, SMALL.dated, 'analysis');
      const found = await candidates(q, SMALL, { ...NO_FILTERS, section: 'analysis' });
      expect(found.ids, q).toEqual(expected);
    }
    expect((await candidates('eighth', SMALL, { ...NO_FILTERS, section: 'news' })).ids).toEqual(
      await newestMatches('eighth', SMALL.dated, 'news'),
    );
  });

  it('ranks the candidates best first', async () => {
    const repo = createSearchRepo(database.db, SMALL);
    const { rows } = await repo.candidates(
      parseSearchQuery('twentieth')!,
      'all',
      NO_FILTERS,
      new Date(Date.UTC(2026, 0, 20)),
    );
    expect(rows.length).toBe(SMALL.dated + 1);
    const scores = rows.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.every((s) => s > 0)).toBe(true);
  });
});
