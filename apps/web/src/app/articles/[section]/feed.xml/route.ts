import { getServerEnv } from '@bof/config/server';
import { content, orNotFound, slugOr404 } from '../../../../server/content/content-pages';
import { rssFeed } from '../../../../server/content/rss';

export const dynamic = 'force-dynamic';

/** RSS feed of a section: its 30 newest stories. */
export async function GET(_request: Request, { params }: { params: Promise<{ section: string }> }) {
  const { section } = await params;
  const service = await content();
  const found = await orNotFound(service.section(slugOr404(section)));
  const { siteUrl, siteName } = getServerEnv();
  return rssFeed({
    siteUrl,
    title: `${siteName}: ${found.name}`,
    description: found.description,
    path: `/articles/${found.slug}/`,
    stories: await service.latest(30, { sectionId: found.id }),
  });
}
