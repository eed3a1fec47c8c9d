'use client';

import { useEffect } from 'react';
import { track } from '../../client/analytics/tracker';

const UTM = {
  utmMedium: 'utm_medium',
  utmSource: 'utm_source',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  utmCampaign: 'utm_campaign',
} as const;

/** Sends marketing_page_viewed once for a marketing page (the memberships on offer), with its campaign. */
export function MarketingPageTracker() {
  useEffect(() => {
    const { pathname, search, href } = window.location;
    const params = new URLSearchParams(search);
    const utm = Object.fromEntries(
      Object.entries(UTM).flatMap(([field, param]) => {
        const value = params.get(param);
        return value ? [[field, value.slice(0, 1024)]] : [];
      }),
    );
    track({
      event: 'marketing_page_viewed',
      data: {
        pagePath: pathname.slice(0, 4048),
        pageUrl: href.slice(0, 12048),
        pageTitle: document.title.slice(0, 1024),
        ...(search ? { pageQuery: search.slice(1, 1025) } : {}),
        ...(document.referrer ? { pageReferrer: document.referrer.slice(0, 12048) } : {}),
        ...utm,
      },
    });
  }, []);
  return null;
}
