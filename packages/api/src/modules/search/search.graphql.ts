import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { FieldValidationError } from '../../errors/field-validation-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import type { SourceRef } from './answer-composer';
import { pageSizeLimit } from '../../http/graphql-cost';
import {
  SEARCH_DATES,
  SEARCH_MAX_FIRST,
  SEARCH_TABS,
  searchArgsSchema,
  searchCursor,
  type SearchArgs,
} from './search.inputs';
import type { AiSearchAnswer, FacetCount, SearchOutcome, SearchReader, SearchResult } from './search.service';

const absolute = (ctx: GraphQLContext, path: string) => `${ctx.services.env.siteUrl}${path}`;

const readerOf = (ctx: GraphQLContext): SearchReader =>
  ctx.viewer ? { membershipLevel: ctx.viewer.membershipLevel, isBofAdmin: ctx.viewer.isBofAdmin } : null;

const upper = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as Record<
    Uppercase<T>,
    { value: T }
  >;

const SearchTypeEnum = builder.enumType('SearchType', {
  description: 'The result tabs: everything, stories, people & companies, case studies & reports.',
  values: upper(SEARCH_TABS),
});
const SearchDateEnum = builder.enumType('SearchDate', {
  description: 'How recent a result must be: any date, the past week, month or year.',
  values: upper(SEARCH_DATES),
});
const SearchDocumentKindEnum = builder.enumType('SearchDocumentKind', {
  values: upper(['story', 'case_study', 'glossary', 'person', 'organisation', 'job'] as const),
});
const AiSearchResultTypeEnum = builder.enumType('AiSearchResultType', {
  description: 'Spec §3: `SUCCESS` with a cited answer, or `ERROR` when the answer abstains.',
  values: upper(['success', 'error'] as const),
});

const SearchHighlightType = builder.objectRef<{ text: string; mark: boolean }>('SearchHighlight').implement({
  description: 'A piece of a snippet; `matched` pieces are the words the query found.',
  fields: (t) => ({
    text: t.exposeString('text'),
    matched: t.exposeBoolean('mark'),
  }),
});

const SearchResultType = builder.objectRef<SearchResult>('SearchResultItem').implement({
  description:
    'One result: a story, case study or report, glossary term, person, company or open job listing.',
  fields: (t) => ({
    kind: t.field({ type: SearchDocumentKindEnum, resolve: (r) => r.kind }),
    id: t.exposeString('id', {
      description: 'Article id, glossary term slug, profile id or job listing id.',
    }),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle', {
      nullable: true,
      description:
        "A profile's headline: a person's role, a company's industry and city; a job's employer, location and workplace.",
    }),
    image: t.string({
      nullable: true,
      description: "A profile's uploaded thumbnail.",
      resolve: (r, _a, ctx) => (r.image ? absolute(ctx, r.image) : null),
    }),
    uri: t.string({ resolve: (r, _a, ctx) => absolute(ctx, r.path) }),
    highlights: t.field({
      type: [SearchHighlightType],
      description:
        'The snippet in pieces, matched words marked; from the body only when the reader may read it.',
      resolve: (r) => r.snippet,
    }),
    snippet: t.string({
      description: 'The snippet as plain text.',
      resolve: (r) => r.snippet.map((part) => part.text).join(''),
    }),
    section: t.string({ nullable: true, description: 'Section slug.', resolve: (r) => r.sectionSlug }),
    publishedAt: t.field({ type: DateTimeScalar, nullable: true, resolve: (r) => r.publishedAt }),
    gated: t.exposeBoolean('gated', { description: 'The reader may not open it: a wall stands before it.' }),
  }),
});

const SearchFacetType = builder.objectRef<FacetCount>('SearchFacet').implement({
  fields: (t) => ({
    value: t.exposeString('value', { description: 'What to pass as the filter.' }),
    label: t.exposeString('label'),
    count: t.exposeInt('count'),
  }),
});

const SearchTypeCountsType = builder
  .objectRef<SearchOutcome['facets']['tabs']>('SearchTypeCounts')
  .implement({
    description: 'Results per tab.',
    fields: (t) => ({
      all: t.exposeInt('all'),
      stories: t.exposeInt('stories'),
      people: t.exposeInt('people'),
      reports: t.exposeInt('reports'),
    }),
  });

const SearchFacetsType = builder.objectRef<SearchOutcome['facets']>('SearchFacets').implement({
  description: 'Counts within the results of the type asked for.',
  fields: (t) => ({
    types: t.field({ type: SearchTypeCountsType, resolve: (f) => f.tabs }),
    sections: t.field({ type: [SearchFacetType], resolve: (f) => f.sections }),
    topics: t.field({ type: [SearchFacetType], resolve: (f) => f.topics }),
    dates: t.field({ type: [SearchFacetType], resolve: (f) => f.dates }),
  }),
});

const SearchCitationType = builder.objectRef<SourceRef & { number: number }>('AiSearchCitation').implement({
  description: 'A numbered source of the answer.',
  fields: (t) => ({
    number: t.exposeInt('number'),
    kind: t.field({ type: SearchDocumentKindEnum, resolve: (c) => c.kind }),
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    uri: t.string({ resolve: (c, _a, ctx) => absolute(ctx, c.path) }),
  }),
});

const AiSearchSentenceType = builder
  .objectRef<AiSearchAnswer['sentences'][number]>('AiSearchAnswerSentence')
  .implement({
    fields: (t) => ({
      text: t.exposeString('text'),
      cites: t.exposeIntList('cites', { description: 'Numbers of the citations it came from.' }),
    }),
  });

const AiSearchResultType = builder.objectRef<AiSearchAnswer>('AiSearchResult').implement({
  description:
    "Spec §3's AI-search result: an answer of at most 10,000 characters whose every sentence cites its sources, composed only from what the reader may read; or an abstention.",
  fields: (t) => ({
    type: t.field({ type: AiSearchResultTypeEnum, resolve: (a) => a.type }),
    answer: t.exposeString('answer'),
    sentences: t.field({ type: [AiSearchSentenceType], resolve: (a) => a.sentences }),
    citations: t.field({
      type: [SearchCitationType],
      resolve: (a) => a.citations.map((c, index) => ({ ...c, number: index + 1 })),
    }),
    sourcesIds: t.exposeStringList('sourcesIds'),
    peopleCompanyIds: t.exposeStringList('peopleCompanyIds'),
    caseStudiesReportsIds: t.exposeStringList('caseStudiesReportsIds'),
    fashionGlossary: t.exposeStringList('fashionGlossary'),
  }),
});

interface SearchPage {
  outcome: SearchOutcome;
  args: SearchArgs;
  reader: SearchReader;
}

const SearchPageInfoType = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('SearchPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

/**
 * Answers composed per request. An answer may call a language model (seconds, and billed), and aliases put
 * up to 15 searches in one cheap request: one `answer` in a request is composed (whichever is reached
 * first), the others are null.
 */
const answersComposed = new WeakMap<GraphQLContext, number>();
const ANSWERS_PER_REQUEST = 1;

const SearchResultsType = builder.objectRef<SearchPage>('SearchResults').implement({
  description: 'Ranked results: relevance blended with recency, within the newest matches.',
  fields: (t) => ({
    query: t.string({ description: 'The query as searched.', resolve: (p) => p.outcome.query }),
    searchId: t.string({ resolve: (p) => p.outcome.searchId }),
    totalCount: t.int({
      description: 'Results of the type asked for (at most the candidate set; see `capped`).',
      resolve: (p) => p.outcome.total,
    }),
    capped: t.boolean({
      description: 'More documents matched than are ranked: the newest matches were.',
      resolve: (p) => p.outcome.capped,
    }),
    similarNames: t.boolean({
      description: 'Nothing matched the words, so the results are titles spelled like them.',
      resolve: (p) => p.outcome.similar,
    }),
    results: t.field({ type: [SearchResultType], resolve: (p) => p.outcome.results }),
    pageInfo: t.field({
      type: SearchPageInfoType,
      description: 'Pass `endCursor` as `after` for the next results.',
      resolve: ({ outcome }) => {
        const end = outcome.offset + outcome.results.length;
        return { hasNextPage: end < outcome.total, endCursor: end > 0 ? searchCursor(end) : null };
      },
    }),
    facets: t.field({ type: SearchFacetsType, resolve: (p) => p.outcome.facets }),
    answer: t.field({
      type: AiSearchResultType,
      nullable: true,
      description:
        'The cited answer, composed when the query reads like a question (null otherwise); its sources are what the reader may read. One answer per request: a second `answer` in the same request is null.',
      resolve: ({ outcome, args, reader }, _a, ctx) => {
        if (outcome.status !== 'results' || !outcome.question) return null;
        const composed = answersComposed.get(ctx) ?? 0;
        if (composed >= ANSWERS_PER_REQUEST) return null;
        answersComposed.set(ctx, composed + 1);
        return ctx.services.search.answer(outcome.query, reader, {
          section: args.filters?.section ?? null,
          topic: args.filters?.topic ?? null,
          date: args.filters?.date ?? 'any',
        });
      },
    }),
  }),
});

const SearchFiltersInput = builder.inputType('SearchFilters', {
  fields: (t) => ({
    type: t.field({ type: SearchTypeEnum, description: 'Default ALL.' }),
    section: t.string({ description: 'A section slug.' }),
    topic: t.string({ description: 'A topic slug.' }),
    date: t.field({ type: SearchDateEnum, description: 'Default ANY.' }),
  }),
});

builder.queryField('search', (t) =>
  t.field({
    type: SearchResultsType,
    description:
      'Searches stories, case studies and reports, the fashion glossary and profiles: ranked results with highlighted snippets, facets, and a cited answer to a question. Open to everyone; what a snippet or answer shows follows what the reader may read.',
    args: {
      query: t.arg.string({
        required: true,
        description: 'Words, a name or a question; 1 to 1,024 characters.',
      }),
      filters: t.arg({ type: SearchFiltersInput }),
      first: t.arg.int({ description: `Results to return, 1 to 50 (default 10).` }),
      after: t.arg.string({ description: '`pageInfo.endCursor` of the previous call.' }),
    },
    validate: searchArgsSchema,
    // A variable page size costs the most `first` may be, not the largest page any list may have.
    extensions: pageSizeLimit(SEARCH_MAX_FIRST),
    errors: { types: [FieldValidationError], directResult: true },
    resolve: async (_root, raw, ctx) => {
      // The validation plugin hands over the schema's output: trimmed, defaulted, the cursor an offset.
      const args = raw as unknown as SearchArgs;
      const filters = args.filters ?? {};
      const unknown = await ctx.services.search.unknownFilters({
        section: filters.section ?? null,
        topic: filters.topic ?? null,
      });
      if (unknown.length > 0)
        throw new FieldValidationError(
          unknown.map((name) => ({
            path: ['filters', name],
            code: 'not_found',
            message: `There is no ${name} "${filters[name]}".`,
          })),
        );
      const reader = readerOf(ctx);
      const outcome = await ctx.services.search.search(
        {
          q: args.query,
          tab: filters.type ?? 'all',
          section: filters.section ?? null,
          topic: filters.topic ?? null,
          date: filters.date ?? 'any',
          page: 1,
          ignored: [],
        },
        reader,
        { offset: args.after, limit: args.first },
      );
      return { outcome, args, reader };
    },
  }),
);
