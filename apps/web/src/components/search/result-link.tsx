'use client';

import type { ReactNode } from 'react';
import { track } from '../../client/analytics/tracker';

/**
 * A link to a search result: a plain link (it works without JavaScript) that, with JavaScript, reports
 * the click with the result's position (1 for the first result of the first page), the search and the
 * term cut to spec §5's 255 characters.
 */
export function ResultLink({
  href,
  position,
  searchId,
  term,
  type,
  resultsCount,
  articleId,
  className,
  children,
}: {
  href: string;
  position: number;
  searchId: string;
  term: string;
  type: string;
  resultsCount: number;
  articleId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      data-position={position}
      onClick={() =>
        track({
          event: 'search_result_click',
          data: {
            position,
            searchId,
            searchTerm: [...term].slice(0, 255).join(''),
            searchType: type,
            resultsCount,
            ...(articleId ? { articleId } : {}),
          },
        })
      }
    >
      {children}
    </a>
  );
}
