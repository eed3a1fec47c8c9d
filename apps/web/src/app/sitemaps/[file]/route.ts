import { getServerEnv } from '@bof/config/server';
import { storyPath } from '@bof/api/content';
import { content } from '../../../server/content/content-pages';
import { STORIES_PER_SITEMAP, urlset } from '../../../server/content/sitemap';

export const dynamic = 'force-dynamic';

const STATIC_PATHS = ['/', '/case-studies/', '/careers/', '/bof500/', '/legal/', '/subscriptions/packages/'];

/** `pages.xml`: fixed pages, sections, topics, authors and series; `stories-N.xml`: stories, newest first. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const { siteUrl } = getServerEnv();
  const service = await content();
  if (file === 'pages.xml') {
    const [sections, topics, authors] = await Promise.all([
      service.sections(),
      service.topics(),
      service.authors(),
    ]);
    return urlset([
      ...STATIC_PATHS.map((path) => ({ loc: `${siteUrl}${path}` })),
      { loc: `${siteUrl}/series/bof-insights/` },
      ...sections
        .filter((s) => s.slug !== 'case-studies')
        .map((s) => ({ loc: `${siteUrl}/articles/${s.slug}/` })),
      ...topics.map((t) => ({ loc: `${siteUrl}/topics/${t.slug}/` })),
      ...authors.map((a) => ({ loc: `${siteUrl}/authors/${a.slug}/` })),
    ]);
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
