import { getServerEnv } from '@bof/config/server';
import { content, orNotFound, slugOr404 } from '../../../../server/content/content-pages';
import { rssFeed } from '../../../../server/content/rss';

export const dynamic = 'force-dynamic';

/** RSS feed of a topic: its 30 newest stories. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const service = await content();
  const topic = await orNotFound(service.topic(slugOr404(slug)));
  const { siteUrl, siteName } = getServerEnv();
  return rssFeed({
    siteUrl,
    title: `${siteName}: ${topic.name}`,
    description: topic.description,
    path: `/topics/${topic.slug}/`,
    stories: await service.latest(30, { topicId: topic.id }),
  });
}
