import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { ListHeader } from '../../../components/content/list-header';
import { Pagination } from '../../../components/content/pagination';
import { StoryList } from '../../../components/content/story-list';
import {
  checkPage,
  content,
  orNotFound,
  orUndefined,
  pageOr404,
  slugOr404,
  slugOrUndefined,
} from '../../../server/content/content-pages';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const valid = slugOrUndefined(slug);
  const topic = valid ? await orUndefined((await content()).topic(valid)) : undefined;
  if (!topic) return {};
  const { siteUrl } = getServerEnv();
  return {
    description: topic.description,
    openGraph: { title: topic.name, description: topic.description, type: 'website' },
    alternates: {
      canonical: './',
      types: { 'application/rss+xml': `${siteUrl}/topics/${topic.slug}/feed.xml` },
    },
  };
}

/** A topic's stories (spec §2 topic page), newest first, 20 a page. */
export default async function TopicPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const page = pageOr404(await searchParams);
  const list = await orNotFound((await content()).topicPage(slugOr404(slug), page));
  checkPage(list);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader
        kicker="Topic"
        title={list.topic.name}
        feed={{ href: `/topics/${list.topic.slug}/feed.xml`, label: `RSS feed of ${list.topic.name}` }}
      >
        <p>{list.topic.description}</p>
        <p className="mt-2 text-sm">
          {list.total} {list.total === 1 ? 'story' : 'stories'}
        </p>
      </ListHeader>
      <StoryList stories={list.stories} empty="No stories on this topic yet." />
      <Pagination basePath={`/topics/${list.topic.slug}/`} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
