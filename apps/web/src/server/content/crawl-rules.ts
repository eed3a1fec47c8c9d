import { contactPages } from '../../site/navigation';

/** What robots.txt asks crawlers to leave alone: accounts, sign-up and checkout, previews and APIs. */
export const DISALLOWED_PATHS = ['/user/', '/api/', '/_preview/', '/subscriptions/', '/_dev/'] as const;

/** Whether robots.txt lets crawlers fetch `path`. */
export function isCrawlable(path: string): boolean {
  return !DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));
}

/**
 * The fixed pages of the sitemap: pages that exist (each answers 200; the reading journeys check) and
 * that robots.txt allows. Content pages (sections, topics, authors, series, stories) are listed from
 * the database beside them.
 */
export const SITEMAP_FIXED_PATHS: readonly string[] = [
  '/',
  '/case-studies/',
  '/people/',
  '/organisations/',
  '/bof500/',
  '/legal/',
  ...contactPages.map((page) => page.href),
].filter(isCrawlable);
