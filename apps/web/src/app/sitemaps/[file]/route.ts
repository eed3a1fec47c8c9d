import { getServerEnv } from '@bof/config/server';
import { storyPath } from '@bof/api/content';
import { content } from '../../../server/content/content-pages';
import { SITEMAP_FIXED_PATHS } from '../../../server/content/crawl-rules';
import { PROFILES_PER_SITEMAP, STORIES_PER_SITEMAP, urlset } from '../../../server/content/sitemap';
import { organisationPath, personPath } from '../../../server/profiles/profile-metadata';
import { profiles } from '../../../server/profiles/profile-pages';

export const dynamic = 'force-dynamic';

/**
 * `pages.xml`: fixed pages (crawl-rules.ts), series, sections, topics and authors; `profiles.xml`: the
 * published people and organisations whose format is SEO (the others are `noindex`); `stories-N.xml`:
 * stories, newest first. Only pages that exist and that robots.txt allows are listed.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const { siteUrl } = getServerEnv();
  const service = await content();
  if (file === 'pages.xml') {
    const [sections, topics, authors, series] = await Promise.all([
      service.sections(),
      service.topics(),
      service.authors(),
      service.seriesList(),
    ]);
    return urlset([
      ...SITEMAP_FIXED_PATHS.map((path) => ({ loc: `${siteUrl}${path}` })),
      ...series.map((s) => ({ loc: `${siteUrl}/series/${s.slug}/` })),
      ...sections
        .filter((s) => s.slug !== 'case-studies')
        .map((s) => ({ loc: `${siteUrl}/articles/${s.slug}/` })),
      // A topic no story is about yet (one only named as a package) has no page worth crawling.
      ...topics.filter((t) => t.stories > 0).map((t) => ({ loc: `${siteUrl}/topics/${t.slug}/` })),
      ...authors.map((a) => ({ loc: `${siteUrl}/authors/${a.slug}/` })),
    ]);
  }
  if (file === 'profiles.xml') {
    const located = await (await profiles()).seoLocations(PROFILES_PER_SITEMAP);
    return urlset(
      located.map((p) => ({
        loc: `${siteUrl}${p.kind === 'person' ? personPath(p.slug) : organisationPath(p.slug)}`,
        ...(p.publishedAt ? { lastmod: p.publishedAt } : {}),
      })),
    );
  }
  const match = /^stories-([1-9][0-9]{0,4})\.xml$/.exec(file);
  if (!match) return new Response('Not found', { status: 404 });
  const index = Number(match[1]) - 1;
  const stories = await service.locations(STORIES_PER_SITEMAP, index * STORIES_PER_SITEMAP);
  if (stories.length === 0) return new Response('Not found', { status: 404 });
  return urlset(
    stories.map((s) => ({
      loc: `${siteUrl}${storyPath({ kind: s.kind, slug: s.slug, section: { slug: s.sectionSlug } })}`,
      lastmod: s.updatedAt ?? s.publishedAt,
    })),
  );
}
