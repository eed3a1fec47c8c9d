'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { Bof500SearchQuery } from '../../client/graphql/profiles.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import {
  bof500Row,
  bof500SearchHref,
  isEmptyFilter,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS,
  type Bof500Filter,
  type Bof500Row,
} from './bof500-row';
import { Bof500Results } from './bof500-results';

interface Option {
  key: string;
  title: string;
}

type Status = 'done' | 'loading' | 'error';

/**
 * The BoF 500 search: a GET form the server answers (without JavaScript), which filters as you type
 * once the page is live: each change waits SEARCH_DEBOUNCE_MS, then asks `bof500Search`; a newer change
 * cancels the request still on its way, so an older answer never replaces a newer one. The results and
 * their count sit in a live region, read out as they change.
 */
export function Bof500Search({
  initial,
  initialRows,
  categories,
  countries,
  years,
}: {
  initial: Bof500Filter;
  initialRows: readonly Bof500Row[];
  categories: readonly Option[];
  countries: readonly Option[];
  years: readonly number[];
}) {
  const client = useGraphQLClient();
  const [filter, setFilter] = useState(initial);
  const [rows, setRows] = useState(initialRows);
  const [status, setStatus] = useState<Status>('done');
  const [searched, setSearched] = useState(!isEmptyFilter(initial));
  const inFlight = useRef<{ unsubscribe(): void } | null>(null);
  const changed = useRef(false);

  const categoryTitles = useMemo(() => new Map(categories.map((c) => [c.key, c.title])), [categories]);
  const countryTitles = useMemo(() => new Map(countries.map((c) => [c.key, c.title])), [countries]);

  useEffect(() => {
    if (!changed.current) return;
    const timer = window.setTimeout(() => {
      inFlight.current?.unsubscribe();
      inFlight.current = null;
      window.history.replaceState(window.history.state, '', bof500SearchHref(filter));
      if (isEmptyFilter(filter)) {
        setRows([]);
        setSearched(false);
        setStatus('done');
        return;
      }
      setStatus('loading');
      const variables = {
        filter: {
          name: filter.name.trim(),
          category: filter.category || null,
          country: filter.country || null,
          year: filter.year ? Number(filter.year) : null,
          first: SEARCH_RESULTS,
        },
      };
      // Unsubscribing cancels the request (urql aborts its fetch): a stale answer never arrives.
      let subscription: { unsubscribe(): void } | null = null;
      subscription = client
        .query(Bof500SearchQuery, variables, { requestPolicy: 'network-only' })
        .subscribe((result) => {
          subscription?.unsubscribe();
          inFlight.current = null;
          const data = result.data?.bof500Search;
          if (result.error || !data || data.__typename !== 'Bof500SearchSuccess') {
            setStatus('error');
            return;
          }
          setRows(data.data.map(bof500Row));
          setSearched(true);
          setStatus('done');
        });
      inFlight.current = subscription;
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filter, client]);

  useEffect(() => () => inFlight.current?.unsubscribe(), []);

  const set = (key: keyof Bof500Filter) => (event: { target: { value: string } }) => {
    changed.current = true;
    setFilter((current) => ({ ...current, [key]: event.target.value }));
  };
  const control =
    'mt-1 block w-full rounded border border-ink bg-paper px-3 py-2 text-base focus:outline focus:outline-2 focus:outline-accent';

  return (
    <div>
      <form
        action="/bof500/search/"
        method="get"
        role="search"
        aria-label="Search the BoF 500"
        className="rounded bg-surface p-4"
        onSubmit={(event) => {
          // Live already: the results follow the fields; the form stays for browsers without JavaScript.
          event.preventDefault();
          changed.current = true;
          setFilter((current) => ({ ...current }));
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="bof500-name" className="text-sm font-semibold">
              Name
            </label>
            <input
              id="bof500-name"
              name="name"
              type="search"
              value={filter.name}
              onChange={set('name')}
              maxLength={100}
              autoComplete="off"
              placeholder="Start of a first or last name"
              aria-describedby="bof500-status"
              className={control}
            />
          </div>
          <Select
            id="bof500-category"
            label="Category"
            name="category"
            value={filter.category}
            onChange={set('category')}
            options={categories}
            className={control}
          />
          <Select
            id="bof500-country"
            label="Country"
            name="country"
            value={filter.country}
            onChange={set('country')}
            options={countries}
            className={control}
          />
          <Select
            id="bof500-year"
            label="Year"
            name="year"
            value={filter.year}
            onChange={set('year')}
            options={years.map((year) => ({ key: String(year), title: String(year) }))}
            className={control}
          />
        </div>
        <p className="mt-4">
          <button type="submit" className="rounded bg-ink px-4 py-2 font-semibold text-paper">
            Search
          </button>
        </p>
      </form>
      <section aria-labelledby="bof500-results-heading" className="mt-8">
        <h2 id="bof500-results-heading" className="sr-only">
          Results
        </h2>
        <div aria-live="polite" aria-busy={status === 'loading'} data-testid="bof500-results">
          <p id="bof500-status" className="mb-4 text-sm text-muted">
            {status === 'error'
              ? 'The search did not work just now. Try again in a moment.'
              : status === 'loading'
                ? 'Searching…'
                : !searched
                  ? 'Type the start of a name, or choose a category, country or year.'
                  : rows.length === 0
                    ? 'No one in the BoF 500 matches this search.'
                    : `${rows.length === SEARCH_RESULTS ? `The first ${rows.length}` : rows.length} ${rows.length === 1 ? 'place' : 'places'} in the BoF 500.`}
          </p>
          {rows.length > 0 ? (
            <Bof500Results
              rows={rows}
              categoryTitle={(key) => categoryTitles.get(key) ?? key}
              countryTitle={(code) => countryTitles.get(code) ?? code}
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}

function Select({
  id,
  label,
  name,
  value,
  onChange,
  options,
  className,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: readonly Option[];
  className: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={onChange} className={className}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.title}
          </option>
        ))}
      </select>
    </div>
  );
}
