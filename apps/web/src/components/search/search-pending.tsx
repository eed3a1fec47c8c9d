'use client';

import { useEffect, useState } from 'react';

/** The id of the element a new search replaces; it is marked busy while the next page loads. */
export const SEARCH_RESULTS_ID = 'search-results';

/**
 * The loading state of the search page. A search is a plain GET (a new page from the server, with or
 * without JavaScript), so with JavaScript this says "Searching…" and marks the results busy from the
 * moment a search form is sent or a tab, filter or page link is followed until the next page arrives.
 */
export function SearchPending() {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const results = () => document.getElementById(SEARCH_RESULTS_ID);
    const start = () => {
      setPending(true);
      results()?.setAttribute('aria-busy', 'true');
    };
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.getAttribute('role') === 'search') start();
    };
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link?.closest('[data-search-navigation]')) start();
    };
    // Back to a page kept in the browser's cache: it is not loading any more.
    const onPageShow = () => {
      setPending(false);
      results()?.removeAttribute('aria-busy');
    };
    document.addEventListener('submit', onSubmit);
    document.addEventListener('click', onClick);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('submit', onSubmit);
      document.removeEventListener('click', onClick);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
  return (
    <p
      role="status"
      aria-live="polite"
      className="mt-3 min-h-5 text-sm font-medium"
      data-testid="search-pending"
    >
      {pending ? 'Searching…' : ''}
    </p>
  );
}
