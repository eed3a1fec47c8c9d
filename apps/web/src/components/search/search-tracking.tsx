'use client';

import { useEffect } from 'react';
import { track } from '../../client/analytics/tracker';

/** Sends the `search` event once for the results shown (terms cut to spec §5's 1,024 characters). */
export function SearchTracking({
  searchId,
  term,
  type,
  filters,
  resultsCount,
}: {
  searchId: string;
  term: string;
  type: string;
  filters: string[];
  resultsCount: number;
}) {
  useEffect(() => {
    track({
      event: 'search',
      data: {
        searchId,
        searchTerm: [...term].slice(0, 1024).join(''),
        searchType: type,
        searchFilters: filters,
        resultsCount,
      },
    });
    // One event per search: the id changes with every search the server ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchId]);
  return null;
}

/** Sends the `ai_search_result` event once for the answer shown. */
export function AnswerTracking({
  searchId,
  term,
  result,
}: {
  searchId: string;
  term: string;
  result: {
    type: 'success' | 'error';
    answer: string;
    sourcesIds: string[];
    peopleCompanyIds: string[];
    caseStudiesReportsIds: string[];
    fashionGlossary: string[];
  };
}) {
  useEffect(() => {
    track({
      event: 'ai_search_result',
      data: {
        ...result,
        answer: [...result.answer].slice(0, 10_000).join(''),
        searchId,
        searchTerm: [...term].slice(0, 1024).join(''),
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchId]);
  return null;
}
