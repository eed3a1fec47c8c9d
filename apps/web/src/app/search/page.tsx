import type { Metadata } from 'next';
import {
  parseSearchQuery,
  readSearchParams,
  SEARCH_TABS,
  type SearchReader,
  type SearchTab,
} from '@bof/api/search';
import { runningServices } from '@bof/api/running-services';
import { ProfileImage } from '../../components/profiles/profile-image';
import { AnswerPanel, KIND_LABELS } from '../../components/search/answer-panel';
import { ResultLink } from '../../components/search/result-link';
import { searchHref } from '../../components/search/search-href';
import { SEARCH_RESULTS_ID, SearchPending } from '../../components/search/search-pending';
import { SearchTracking } from '../../components/search/search-tracking';
import { formatDate } from '../../site/dates';
import { getServerViewer } from '../../server/server-viewer';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Search',
  description:
    'Search stories, case studies and reports, people and companies, and the fashion glossary; ask a question.',
  alternates: { canonical: './' },
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TAB_LABELS: Record<SearchTab, string> = {
  all: 'All',
  stories: 'Stories',
  people: 'People & companies',
  reports: 'Case studies & reports',
};

/** Spec §1 search: ranked results with tabs, filters and snippets, and a cited answer for questions. */
export default async function SearchPage({ searchParams }: Props) {
  const params = readSearchParams(await searchParams);
  const services = await runningServices();
  const viewer = await getServerViewer();
  const reader: SearchReader = viewer
    ? { membershipLevel: viewer.membership_level, isBofAdmin: viewer.is_bof_admin }
    : null;
  // The answer is composed beside the search and awaited with it: the page is sent whole, so it reads the
  // same without JavaScript (a streamed part would stay hidden behind its fallback without scripts).
  const asksQuestion = params.tab === 'all' && params.page === 1 && parseSearchQuery(params.q)?.question;
  const [outcome, answer] = await Promise.all([
    services.search.search(params, reader),
    asksQuestion ? services.search.answer(params.q, reader, params) : null,
  ]);
  const state = { ...params, q: outcome.query, page: outcome.page };
  const filters = [
    ...(params.section ? [`section:${params.section}`] : []),
    ...(params.topic ? [`topic:${params.topic}`] : []),
    ...(params.date !== 'any' ? [`date:${params.date}`] : []),
  ];
  const firstPosition = (outcome.page - 1) * 10 + 1;

  return (
    <div className="mx-auto max-w-page px-gutter py-8 sm:py-10">
      <h1 className="font-serif text-3xl font-bold">Search</h1>
      <form role="search" action="/search/" method="get" className="mt-4 flex max-w-2xl gap-2">
        <label htmlFor="search-page-query" className="sr-only">
          Search terms or a question
        </label>
        <input
          id="search-page-query"
          name="q"
          type="search"
          defaultValue={outcome.query}
          maxLength={1024}
          placeholder="Words, a name, or a question"
          className="min-w-0 flex-1 border border-ink bg-transparent px-3 py-2"
        />
        {params.tab !== 'all' ? <input type="hidden" name="tab" value={params.tab} /> : null}
        <button type="submit" className="bg-ink px-4 py-2 font-medium text-paper">
          Search
        </button>
      </form>
      <SearchPending />
      {outcome.notice ? (
        <p role="status" className="mt-3 text-sm">
          {outcome.notice}
        </p>
      ) : null}

      {outcome.status === 'empty' ? (
        <p className="mt-6 max-w-2xl" data-testid="search-empty">
          {params.q.trim()
            ? 'There is nothing to search for in that: type at least one word or number.'
            : 'Type words, a name or a question to search stories, case studies and reports, people and companies, and the fashion glossary. Press / anywhere to jump to the search box.'}
        </p>
      ) : (
        <>
          <SearchTracking
            searchId={outcome.searchId}
            term={outcome.query}
            type={params.tab}
            filters={filters}
            resultsCount={outcome.total}
          />
          <nav
            aria-label="Result types"
            data-search-navigation
            className="mt-3 overflow-x-auto border-b border-rule"
          >
            <ul className="flex gap-5 whitespace-nowrap text-sm font-medium">
              {SEARCH_TABS.map((tab) => (
                <li key={tab}>
                  <a
                    href={searchHref(state, { tab })}
                    aria-current={tab === params.tab ? 'page' : undefined}
                    className={`inline-block py-2 no-underline ${tab === params.tab ? 'border-b-2 border-ink' : 'text-muted hover:underline'}`}
                  >
                    {TAB_LABELS[tab]} ({outcome.facets.tabs[tab]})
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <div
            id={SEARCH_RESULTS_ID}
            className="mt-6 grid gap-8 transition-opacity aria-busy:opacity-50 lg:grid-cols-[1fr_15rem]"
          >
            <div>
              {outcome.total > 0 && hasFacets(outcome.facets) ? (
                <a
                  href="#search-filters"
                  className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:bg-paper focus:px-2 focus:py-1"
                >
                  Skip to filters
                </a>
              ) : null}
              {answer && outcome.status === 'results' ? (
                <AnswerPanel result={answer} searchId={outcome.searchId} term={outcome.query} />
              ) : null}
              <p className="mb-4 text-sm text-muted" role="status">
                {outcome.total === 0
                  ? `No results for “${outcome.query}”.`
                  : `${outcome.capped ? 'Best of the newest matches: ' : ''}${outcome.total.toLocaleString('en-GB')} result${outcome.total === 1 ? '' : 's'}${outcome.similar ? ` for names like “${outcome.query}”` : ''}${outcome.pages > 1 ? `, page ${outcome.page} of ${outcome.pages}` : ''}.`}
              </p>
              {outcome.total === 0 ? (
                <div className="max-w-2xl" data-testid="search-no-results">
                  <p>
                    {params.tab === 'people'
                      ? 'No person or company matches: try a first or last name, a company name, or fewer words.'
                      : 'Try fewer or other words, check the spelling, or remove a filter.'}
                  </p>
                  {filters.length > 0 || params.tab !== 'all' ? (
                    <p className="mt-2">
                      <a href={searchHref({ ...state, tab: 'all', section: null, topic: null, date: 'any' })}>
                        Search everything for “{outcome.query}”
                      </a>
                    </p>
                  ) : null}
                </div>
              ) : (
                <ol className="space-y-6" start={firstPosition} aria-label="Results">
                  {outcome.results.map((result, index) => {
                    const profile = result.kind === 'person' || result.kind === 'organisation';
                    const link = (
                      <ResultLink
                        href={result.path}
                        position={firstPosition + index}
                        searchId={outcome.searchId}
                        term={outcome.query}
                        type={params.tab}
                        resultsCount={outcome.total}
                        articleId={
                          result.kind === 'story' || result.kind === 'case_study' ? result.id : undefined
                        }
                        className="no-underline hover:underline"
                      >
                        {result.title}
                      </ResultLink>
                    );
                    const snippet = (
                      <p className="mt-1 text-sm leading-relaxed">
                        {result.snippet.map((part, i) =>
                          part.mark ? (
                            <mark key={i} className="bg-accent/20 text-inherit">
                              {part.text}
                            </mark>
                          ) : (
                            <span key={i}>{part.text}</span>
                          ),
                        )}
                      </p>
                    );
                    if (result.kind === 'job')
                      return (
                        <li
                          key={`${result.kind}:${result.id}`}
                          className="border-b border-rule pb-5"
                          data-testid="search-job-result"
                        >
                          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                            {KIND_LABELS[result.kind]}
                          </p>
                          <h2 className="mt-1 font-serif text-xl font-bold leading-snug">{link}</h2>
                          {result.subtitle ? <p className="mt-0.5 font-medium">{result.subtitle}</p> : null}
                          {snippet}
                        </li>
                      );
                    return profile ? (
                      <li
                        key={`${result.kind}:${result.id}`}
                        className="flex gap-4 border-b border-rule pb-5"
                        data-testid="search-profile-result"
                      >
                        <ProfileImage src={result.image} alt="" shape="card" />
                        <div className="min-w-0">
                          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                            {KIND_LABELS[result.kind]}
                          </p>
                          <h2 className="mt-1 font-serif text-xl font-bold leading-snug">{link}</h2>
                          {result.subtitle ? <p className="mt-0.5 font-medium">{result.subtitle}</p> : null}
                          {snippet}
                        </div>
                      </li>
                    ) : (
                      <li key={`${result.kind}:${result.id}`} className="border-b border-rule pb-5">
                        <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                          {KIND_LABELS[result.kind]}
                          {result.gated ? ' · For subscribers' : ''}
                        </p>
                        <h2 className="mt-1 font-serif text-xl font-bold leading-snug">{link}</h2>
                        {snippet}
                        {result.publishedAt ? (
                          <p className="mt-1 text-xs text-muted">{formatDate(result.publishedAt)}</p>
                        ) : null}
                      </li>
                    );
                  })}
                </ol>
              )}
              {outcome.pages > 1 ? (
                <nav
                  aria-label="Result pages"
                  data-search-navigation
                  className="mt-6 flex justify-between text-sm font-medium"
                >
                  {outcome.page > 1 ? (
                    <a href={searchHref(state, { page: outcome.page - 1 })} rel="prev">
                      ← Previous
                    </a>
                  ) : (
                    <span />
                  )}
                  {outcome.page < outcome.pages ? (
                    <a href={searchHref(state, { page: outcome.page + 1 })} rel="next">
                      Next →
                    </a>
                  ) : null}
                </nav>
              ) : null}
            </div>

            <aside id="search-filters" aria-label="Filters" data-search-navigation className="text-sm">
              <FacetList
                title="Section"
                items={outcome.facets.sections}
                active={params.section}
                href={(value) => searchHref(state, { section: value === params.section ? null : value })}
              />
              <FacetList
                title="Topic"
                items={outcome.facets.topics}
                active={params.topic}
                href={(value) => searchHref(state, { topic: value === params.topic ? null : value })}
              />
              <FacetList
                title="Date"
                items={outcome.facets.dates}
                active={params.date === 'any' ? null : params.date}
                href={(value) =>
                  searchHref(state, {
                    date: value === params.date ? 'any' : (value as 'week' | 'month' | 'year'),
                  })
                }
              />
              {filters.length > 0 ? (
                <p className="mt-4">
                  <a href={searchHref(state, { section: null, topic: null, date: 'any' })}>Clear filters</a>
                </p>
              ) : null}
            </aside>
          </div>
        </>
      )}
    </div>
  );
}

const hasFacets = (facets: { sections: unknown[]; topics: unknown[]; dates: unknown[] }) =>
  facets.sections.length + facets.topics.length + facets.dates.length > 0;

function FacetList({
  title,
  items,
  active,
  href,
}: {
  title: string;
  items: { value: string; label: string; count: number }[];
  active: string | null;
  href: (value: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <section className="mb-5">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide">{title}</h2>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 lg:block lg:space-y-1">
        {items.map((item) => (
          <li key={item.value}>
            <a
              href={href(item.value)}
              aria-current={item.value === active ? 'true' : undefined}
              className={item.value === active ? 'font-semibold' : 'no-underline hover:underline'}
            >
              {item.label} ({item.count}){item.value === active ? ' ✕' : ''}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
