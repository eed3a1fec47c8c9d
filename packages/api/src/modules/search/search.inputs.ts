import { z } from 'zod';

/** Result tabs of the search page: all, stories, people & companies, case studies & reports. */
export const SEARCH_TABS = ['all', 'stories', 'people', 'reports'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Date filters: how recent a result must be. */
export const SEARCH_DATES = ['any', 'week', 'month', 'year'] as const;
export type SearchDate = (typeof SEARCH_DATES)[number];

export const SEARCH_PAGE_SIZE = 10;
/** Pages of results one may open; beyond lies the bounded candidate set. */
export const SEARCH_MAX_PAGE = 50;

const slug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/**
 * The search page's URL state. Unknown or malformed filters are not errors: each is dropped and named in
 * `ignored`, so a hand-edited or stale URL still shows results, with a note saying what was left out.
 */
export interface SearchParams {
  q: string;
  tab: SearchTab;
  section: string | null;
  topic: string | null;
  date: SearchDate;
  page: number;
  ignored: string[];
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Reads the page's query parameters; never throws. */
export function readSearchParams(raw: Record<string, string | string[] | undefined>): SearchParams {
  const ignored: string[] = [];
  const pick = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const value = first(raw[name]);
    if (value === undefined || value === '') return fallback;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ignored.push(name);
    return fallback;
  };
  return {
    // The query is cut (not refused) by the search itself; only its size in memory is bounded here.
    q: (first(raw.q) ?? '').slice(0, 10_000),
    tab: pick('tab', z.enum(SEARCH_TABS), 'all'),
    section: pick<string | null>('section', slug, null),
    topic: pick<string | null>('topic', slug, null),
    date: pick('date', z.enum(SEARCH_DATES), 'any'),
    page: pick('page', z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE), 1),
    ignored,
  };
}
