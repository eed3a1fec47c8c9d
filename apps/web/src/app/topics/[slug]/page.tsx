import type { Metadata } from 'next';
import type { Topic } from '@bof/api/content';
import { FollowButton } from '../../../components/follows/follow-button';
import { StoryListPage } from '../../../components/content/story-list-page';
import { content } from '../../../server/content/content-pages';
import type { ListPageInfo, ListRouteProps } from '../../../server/content/list-page';
import { readListMetadata, readListPage } from '../../../server/content/list-page';

export const dynamic = 'force-dynamic';

type Props = ListRouteProps<'slug'>;

const topicList = (topic: Topic): ListPageInfo => ({
  path: `/topics/${topic.slug}/`,
  kicker: 'Topic',
  title: topic.name,
  description: topic.description,
  feed: true,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return readListMetadata((await params).slug, async (slug) => (await content()).topic(slug), topicList);
}

/** A topic's stories (spec §2 topic page), newest first, 20 a page. */
export default async function TopicPage({ params, searchParams }: Props) {
  const list = await readListPage((await params).slug, searchParams, async (slug, page) =>
    (await content()).topicPage(slug, page),
  );
  const count = `${list.total} ${list.total === 1 ? 'story' : 'stories'}`;
  return (
    <StoryListPage
      info={topicList(list.topic)}
      list={list}
      empty="No stories on this topic yet."
      note={count}
      follow={<FollowButton followsType="TAG_SLUG" followsKey={list.topic.slug} label={list.topic.name} />}
    />
  );
}
