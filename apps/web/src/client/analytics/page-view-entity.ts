import type { EventDataByName } from '@bof/analytics/catalogue';

type PageView = EventDataByName['page_view'];

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
const UTM_FIELDS = {
  utm_medium: 'utmMedium',
  utm_source: 'utmSource',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  utm_campaign: 'utmCampaign',
} as const;

/**
 * The `page_view` entity sent with each page view: the page and the campaign it came from, clipped to
 * the spec §5 limits so a long address never turns a page view into a bad row.
 */
export function pageViewEntity(location: { href: string }, title: string, referrer: string): PageView {
  const url = new URL(location.href);
  const entity: PageView = {
    pagePath: clip(url.pathname, 4048),
    pageUrl: clip(url.href, 12048),
    pageTitle: clip(title, 1024),
  };
  if (url.search) entity.pageQuery = clip(url.search.slice(1), 12048);
  if (referrer) entity.pageReferrer = clip(referrer, 12048);
  for (const [param, field] of Object.entries(UTM_FIELDS)) {
    const value = url.searchParams.get(param);
    if (value) entity[field] = clip(value, 1024);
  }
  return entity;
}
