'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect } from 'react';
import { tagPageView } from '../consent/consented-tags';
import { trackPageView } from './tracker';

function PageViewsOnRouteChange() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  // Effects run after the new route has committed: a page view per completed route change.
  useEffect(() => {
    trackPageView();
    tagPageView();
  }, [pathname, search]);
  return null;
}

/** Sends a page view on first load and after every completed route change (spec §4). */
export function PageViews() {
  return (
    <Suspense fallback={null}>
      <PageViewsOnRouteChange />
    </Suspense>
  );
}
