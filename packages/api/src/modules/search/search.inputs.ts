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

/** The longest search the API takes: spec §5's search term limit. */
export const SEARCH_TERM_MAX_CHARS = 1024;
/** The most results one API call returns. */
export const SEARCH_MAX_FIRST = 50;
/** The deepest a cursor may point: past the bounded candidate set there is nothing (docs/adr/0026). */
const MAX_OFFSET = 1_000;

/** An opaque cursor: the results before the next one. */
export const searchCursor = (offset: number): string => Buffer.from(`search:${offset}`).toString('base64url');

function cursorOffset(cursor: string): number | null {
  const match = /^search:(\d{1,4})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : NaN;
  return Number.isInteger(offset) && offset <= MAX_OFFSET ? offset : null;
}

const filterSlug = (name: string) =>
  z
    .string()
    .max(100, `A ${name} is at most 100 characters.`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `A ${name} is given by its slug, like "retail".`);

/**
 * The API's search arguments (the `search` query). Unlike the page's URL, bad input is refused with a
 * message per field: an empty or over-long query, a malformed section or topic, a page size out of range
 * or a cursor this search did not give out.
 */
export const searchArgsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Type a word, a name or a question.')
    .max(
      SEARCH_TERM_MAX_CHARS,
      `A search can be at most ${SEARCH_TERM_MAX_CHARS.toLocaleString('en-GB')} characters.`,
    ),
  filters: z
    .object({
      type: z.enum(SEARCH_TABS).nullish(),
      section: filterSlug('section').nullish(),
      topic: filterSlug('topic').nullish(),
      date: z.enum(SEARCH_DATES).nullish(),
    })
    .nullish(),
  first: z
    .number()
    .int()
    .min(1, 'Ask for at least one result.')
    .max(SEARCH_MAX_FIRST, `Ask for at most ${SEARCH_MAX_FIRST} results at a time.`)
    .nullish()
    .transform((v) => v ?? SEARCH_PAGE_SIZE),
  after: z
    .string()
    .max(64, 'Not a cursor from this search.')
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return 0;
      const offset = cursorOffset(v);
      if (offset === null) {
        ctx.addIssue({ code: 'custom', message: 'Not a cursor from this search.' });
        return z.NEVER;
      }
      return offset;
    }),
});
export type SearchArgs = z.output<typeof searchArgsSchema>;
