import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { checkPage, orNotFound, orUndefined, pageOr404, slugOr404, slugOrUndefined } from './content-pages';

type SearchParams = Record<string, string | string[] | undefined>;

/** What Next passes a list page whose route names the list with the parameter `K`. */
export type ListRouteProps<K extends string> = {
  params: Promise<Record<K, string>>;
  searchParams: Promise<SearchParams>;
};

/**
 * What a list page (section, topic, author, series, case studies) says about itself: the heading, the
 * description under it and in the metadata, and the path its pages are at.
 */
export interface ListPageInfo {
  /** Where the list lives, with its trailing slash; page 2 onwards add `?page=N`. */
  path: string;
  /** The small label above the heading. */
  kicker: string;
  title: string;
  description: string;
  /** Whether the list has an RSS feed at `{path}feed.xml`. */
  feed?: boolean;
  /** The Open Graph type: a person's page is a profile. */
  openGraphType?: 'website' | 'profile';
}

/** The RSS feed of a list, as a path from the site's root. */
export const feedPath = (info: Pick<ListPageInfo, 'path'>) => `${info.path}feed.xml`;

/**
 * Description and Open Graph tags of a list page. The title stays the site's name (spec §1) and the
 * canonical link is the list's first page, whatever the `page` query; a list with a feed names it.
 */
export function listPageMetadata(info: ListPageInfo, site: { siteUrl: string }): Metadata {
  return {
    description: info.description,
    openGraph: { title: info.title, description: info.description, type: info.openGraphType ?? 'website' },
    // Repeated from the root layout: a page's `alternates` replace the layout's as a whole.
    alternates: {
      canonical: './',
      ...(info.feed ? { types: { 'application/rss+xml': `${site.siteUrl}${feedPath(info)}` } } : {}),
    },
  };
}

/**
 * The metadata of a list named by a slug, for `generateMetadata`. An invalid or unknown slug gives no
 * metadata of its own: the page itself answers 404 (metadata streams after the status is sent).
 */
export async function readListMetadata<T>(
  slug: string,
  read: (slug: string) => Promise<T>,
  describe: (found: T) => ListPageInfo,
): Promise<Metadata> {
  const valid = slugOrUndefined(slug);
  const found = valid ? await orUndefined(read(valid)) : undefined;
  return found === undefined ? {} : listPageMetadata(describe(found), getServerEnv());
}

/**
 * Reads one page of a list named by a slug. The 404 page for a `page` query that is not a whole number
 * from 1, a slug that cannot be one, an unknown list, or a page past the last.
 */
export async function readListPage<T extends { page: number; pageCount: number }>(
  slug: string,
  searchParams: Promise<SearchParams>,
  read: (slug: string, page: number) => Promise<T>,
): Promise<T> {
  const page = pageOr404(await searchParams);
  const list = await orNotFound(read(slugOr404(slug), page));
  checkPage(list);
  return list;
}
