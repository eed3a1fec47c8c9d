import type { SearchParams } from '@bof/api/search';

/** The search page's address for `params` with `changes`; defaults are left out, so URLs stay short. */
export function searchHref(
  params: Pick<SearchParams, 'q' | 'tab' | 'section' | 'topic' | 'date' | 'page'>,
  changes: Partial<Pick<SearchParams, 'tab' | 'section' | 'topic' | 'date' | 'page'>> = {},
): string {
  const next = { ...params, page: 1, ...changes };
  const query = new URLSearchParams();
  query.set('q', next.q);
  if (next.tab !== 'all') query.set('tab', next.tab);
  if (next.section) query.set('section', next.section);
  if (next.topic) query.set('topic', next.topic);
  if (next.date !== 'any') query.set('date', next.date);
  if (next.page > 1) query.set('page', String(next.page));
  return `/search/?${query.toString()}`;
}
