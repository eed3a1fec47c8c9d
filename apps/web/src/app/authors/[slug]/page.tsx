import type { Metadata } from 'next';
import type { Author } from '@bof/api/content';
import { FollowButton } from '../../../components/follows/follow-button';
import { StoryListPage } from '../../../components/content/story-list-page';
import { content } from '../../../server/content/content-pages';
import type { ListPageInfo, ListRouteProps } from '../../../server/content/list-page';
import { readListMetadata, readListPage } from '../../../server/content/list-page';

export const dynamic = 'force-dynamic';

type Props = ListRouteProps<'slug'>;

const authorList = (author: Author): ListPageInfo => ({
  path: `/authors/${author.slug}/`,
  kicker: author.title,
  title: author.name,
  description: author.bio,
  openGraphType: 'profile',
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return readListMetadata((await params).slug, async (slug) => (await content()).author(slug), authorList);
}

/** An author's page: who they are, then their stories, newest first. */
export default async function AuthorPage({ params, searchParams }: Props) {
  const list = await readListPage((await params).slug, searchParams, async (slug, page) =>
    (await content()).authorPage(slug, page),
  );
  return (
    <StoryListPage
      info={authorList(list.author)}
      list={list}
      empty="No stories by this author yet."
      storiesHeading={`Stories by ${list.author.name} (${list.total})`}
      portrait={
        list.author.photo
          ? { src: `/media/${list.author.photo}.webp`, alt: `${list.author.name}` }
          : undefined
      }
      follow={<FollowButton followsType="AUTHOR_ID" followsKey={list.author.slug} label={list.author.name} />}
    />
  );
}
