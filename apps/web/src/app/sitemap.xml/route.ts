import { getServerEnv } from '@bof/config/server';
import { content } from '../../server/content/content-pages';
import { STORIES_PER_SITEMAP, sitemapIndex } from '../../server/content/sitemap';

export const dynamic = 'force-dynamic';

/** The sitemap index: the pages sitemap, the SEO profiles sitemap and one sitemap per 10,000 stories. */
export async function GET() {
  const { siteUrl } = getServerEnv();
  const stories = await (await content()).countStories();
  const files = Math.ceil(stories / STORIES_PER_SITEMAP);
  return sitemapIndex([
    `${siteUrl}/sitemaps/pages.xml`,
    `${siteUrl}/sitemaps/profiles.xml`,
    ...Array.from({ length: files }, (_, i) => `${siteUrl}/sitemaps/stories-${i + 1}.xml`),
  ]);
}
