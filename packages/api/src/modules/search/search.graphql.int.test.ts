import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { ABSTAIN_MESSAGE } from './answer-composer';

let harness: GraphQLHarness;

/** A sentence only a premium reader may read. */
const WALLED = 'The walled figure is that Quillmoor margins reached forty-one percent in the spring.';

const records = [
  ...fixtureTaxonomy,
  ...['Resale Prices for Leather Bags Hold Firm', 'Resale Prices of Watches Climb', 'Resale Prices Cool'].map(
    (headline, index) =>
      fixtureArticle(`resale-${index}`, {
        headline,
        standfirst: 'Secondhand values of classic pieces moved again this year.',
        publishedAt: `2026-10-0${index + 1}T07:30:00Z`,
        body: [
          {
            type: 'paragraph',
            text: 'Resale prices for classic leather bags rose eight percent this year. Watches held their value too.',
          },
        ],
      }),
  ),
  fixtureArticle('casa-ferrante', {
    headline: 'Casa Ferrante Cuts Wholesale Accounts',
    standfirst: 'The knitwear label moves to direct selling.',
    section: 'analysis',
    topics: ['retail'],
  }),
  fixtureArticle('quillmoor-margins', {
    headline: 'Quillmoor Reports Record Margins',
    standfirst: 'The outerwear maker had its best spring.',
    access: 'premium',
    body: [{ type: 'paragraph', text: WALLED }],
  }),
  fixtureCaseStudy('resale-case'),
];

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const items = records.map((value, index) => ({
    source: 'test.ndjson',
    record: index + 1,
    line: index + 1,
    value,
  }));
  await importContentInto(harness.db, memorySource(items));
}, 240_000);
afterAll(async () => {
  await harness?.close();
});

// The page size is a variable, as clients send it: the query-cost limit counts it at the most the field
// allows (50), so the whole selection, highlights and answer included, stays under the limit.
const OPERATION = `query ($query: String!, $filters: SearchFilters, $first: Int, $after: String) {
  search(query: $query, filters: $filters, first: $first, after: $after) {
    __typename
    ... on SearchResults {
      query totalCount capped similarNames
      results { kind id title uri snippet gated section highlights { text matched } }
      pageInfo { hasNextPage endCursor }
      facets { types { all stories people reports } sections { value label count } topics { value count } }
      answer { type answer sourcesIds caseStudiesReportsIds fashionGlossary
        sentences { text cites } citations { number kind id title uri } }
    }
    ... on ZodError { message fieldErrors { path message } }
  }
}`;

interface Results {
  __typename: 'SearchResults';
  query: string;
  totalCount: number;
  results: {
    kind: string;
    id: string;
    title: string;
    uri: string;
    snippet: string;
    gated: boolean;
    section: string | null;
    highlights: { text: string; matched: boolean }[];
  }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  facets: {
    types: Record<'all' | 'stories' | 'people' | 'reports', number>;
    sections: { value: string; count: number }[];
  };
  answer: null | {
    type: 'SUCCESS' | 'ERROR';
    answer: string;
    sourcesIds: string[];
    sentences: { text: string; cites: number[] }[];
    citations: { number: number; kind: string; id: string; uri: string }[];
  };
}
interface Invalid {
  __typename: 'ZodError';
  fieldErrors: { path: string[]; message: string }[];
}

async function search(
  variables: Record<string, unknown>,
  viewer: Parameters<GraphQLHarness['post']>[2] = null,
) {
  const { status, body } = await harness.post(OPERATION, variables, viewer);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data!.search as Results | Invalid;
}
const results = async (
  variables: Record<string, unknown>,
  viewer?: Parameters<GraphQLHarness['post']>[2],
) => {
  const result = await search(variables, viewer);
  expect(result.__typename).toBe('SearchResults');
  return result as Results;
};
const invalid = async (variables: Record<string, unknown>) => {
  const result = await search(variables);
  expect(result.__typename).toBe('ZodError');
  return (result as Invalid).fieldErrors;
};

describe('the search query', () => {
  it('ranks results with highlighted snippets, facets and absolute links, open to everyone', async () => {
    const found = await results({ query: 'resale prices' });
    expect(found.totalCount).toBeGreaterThanOrEqual(3);
    expect(found.results[0]!.kind).toBe('STORY');
    expect(found.results[0]!.uri).toMatch(/^http.*\/resale-\d/);
    const marked = found.results[0]!.highlights.filter((h) => h.matched).map((h) => h.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['resale']));
    expect(found.results[0]!.snippet).toBe(found.results[0]!.highlights.map((h) => h.text).join(''));
    expect(found.facets.types.stories).toBeGreaterThanOrEqual(3);
    expect(found.answer).toBeNull();
  });

  it('pages with first and after, without repeating a result', async () => {
    const first = await results({ query: 'resale prices', first: 2 });
    expect(first.results).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await results({ query: 'resale prices', first: 2, after: first.pageInfo.endCursor });
    expect(next.results.length).toBeGreaterThan(0);
    const ids = [...first.results, ...next.results].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await results({ query: 'resale prices', first: 50 });
    expect(all.pageInfo.hasNextPage).toBe(false);
    expect(all.results.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('filters by type, section and date', async () => {
    const reports = await results({ query: 'headline', filters: { type: 'REPORTS' } });
    expect(reports.results.map((r) => r.title)).toContain('Headline of resale-case');
    expect(new Set(reports.results.map((r) => r.kind))).toEqual(new Set(['CASE_STUDY']));
    const analysis = await results({ query: 'wholesale', filters: { section: 'analysis', topic: 'retail' } });
    expect(analysis.results.map((r) => r.title)).toContain('Casa Ferrante Cuts Wholesale Accounts');
    expect(new Set(analysis.results.map((r) => r.section))).toEqual(new Set(['analysis']));
    const news = await results({ query: 'wholesale', filters: { section: 'news' } });
    expect(news.results.map((r) => r.title)).not.toContain('Casa Ferrante Cuts Wholesale Accounts');
    const recent = await results({ query: 'resale prices', filters: { date: 'WEEK' } });
    expect(recent.results.map((r) => r.title)).not.toContain('Resale Prices for Leather Bags Hold Firm');
  });

  it('answers a question with cited sentences, and abstains on one the journalism cannot answer', async () => {
    const answered = await results({ query: 'How much did resale prices for leather bags rise?' });
    expect(answered.answer!.type).toBe('SUCCESS');
    expect(answered.answer!.answer).toContain('eight percent');
    for (const sentence of answered.answer!.sentences) expect(sentence.cites.length).toBeGreaterThan(0);
    const numbers = answered.answer!.citations.map((c) => c.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(answered.answer!.sourcesIds).toEqual(
      answered.answer!.citations.filter((c) => c.kind === 'STORY').map((c) => c.id),
    );

    const abstained = await results({ query: 'Who won the football world cup in 1998?' });
    expect(abstained.answer).toMatchObject({ type: 'ERROR', answer: ABSTAIN_MESSAGE, citations: [] });
  });

  it('composes one answer per request, however many searches it aliases', async () => {
    const twice = `{
      first: search(query: "How much did resale prices for leather bags rise?", first: 1) {
        ... on SearchResults { answer { type } }
      }
      second: search(query: "Who won the football world cup in 1998?", first: 1) {
        ... on SearchResults { answer { type } }
      }
    }`;
    const { status, body } = await harness.post(twice, {});
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const data = body.data as Record<string, { answer: { type: string } | null }>;
    // Whichever search finished first had its answer composed; the other's is null.
    const answers = [data.first!.answer, data.second!.answer];
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
  });

  it('never shows a walled paragraph to a reader the wall stops', async () => {
    const question = 'What margins did Quillmoor reach in the spring?';
    const anonymous = await results({ query: question });
    expect(JSON.stringify(anonymous)).not.toContain('forty-one');
    const gated = await results({ query: 'quillmoor margins' });
    expect(gated.results[0]).toMatchObject({ title: 'Quillmoor Reports Record Margins', gated: true });
    expect(gated.results[0]!.snippet).not.toContain('forty-one');

    const premium = await harness.signIn('premium-searcher', { membershipLevel: 'Premium' });
    const opened = await results({ query: question }, premium);
    expect(opened.answer!.answer).toContain('forty-one percent');
  });

  it('answers odd queries with results or nothing, never an error', async () => {
    for (const query of [
      '😀😀',
      "'; drop table articles; --",
      '&|!:*()',
      '"unclosed quote',
      'x'.repeat(1024),
    ]) {
      const found = await results({ query });
      expect(found.totalCount).toBeGreaterThanOrEqual(0);
    }
    expect((await results({ query: '😀😀' })).results).toEqual([]);
  });

  it('refuses bad input at the edge with a message per field', async () => {
    expect(await invalid({ query: '   ' })).toEqual([
      { path: ['query'], message: 'Type a word, a name or a question.' },
    ]);
    expect(await invalid({ query: 'x'.repeat(1025) })).toEqual([
      { path: ['query'], message: 'A search can be at most 1,024 characters.' },
    ]);
    expect(await invalid({ query: 'resale', first: 0 })).toEqual([
      { path: ['first'], message: 'Ask for at least one result.' },
    ]);
    expect(await invalid({ query: 'resale', first: 51 })).toEqual([
      { path: ['first'], message: 'Ask for at most 50 results at a time.' },
    ]);
    for (const after of ['nonsense', Buffer.from('search:99999').toString('base64url'), 'x'.repeat(65)])
      expect(await invalid({ query: 'resale', after })).toEqual([
        { path: ['after'], message: 'Not a cursor from this search.' },
      ]);
    expect(await invalid({ query: 'resale', filters: { section: 'Not A Slug', topic: "'; drop" } })).toEqual([
      { path: ['filters', 'section'], message: 'A section is given by its slug, like "retail".' },
      { path: ['filters', 'topic'], message: 'A topic is given by its slug, like "retail".' },
    ]);
    expect(
      await invalid({ query: 'resale', filters: { section: 'no-such-section', topic: 'retail' } }),
    ).toEqual([{ path: ['filters', 'section'], message: 'There is no section "no-such-section".' }]);
  });

  it('refuses unknown filters and types through the schema', async () => {
    const unknownField = await harness.post(OPERATION, { query: 'resale', filters: { colour: 'red' } });
    expect(unknownField.body.errors?.[0]?.message).toMatch(/colour/);
    const unknownType = await harness.post(OPERATION, { query: 'resale', filters: { type: 'VIDEOS' } });
    expect(unknownType.body.errors?.[0]?.message).toMatch(/VIDEOS/);
  });
});
