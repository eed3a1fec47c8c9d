import type { Metadata } from 'next';
import type { Section } from '@bof/api/content';
import { FollowButton } from '../../../components/follows/follow-button';
import { StoryListPage } from '../../../components/content/story-list-page';
import { content } from '../../../server/content/content-pages';
import type { ListPageInfo, ListRouteProps } from '../../../server/content/list-page';
import { readListMetadata, readListPage } from '../../../server/content/list-page';

export const dynamic = 'force-dynamic';

type Props = ListRouteProps<'section'>;

const sectionList = (section: Section): ListPageInfo => ({
  path: `/articles/${section.slug}/`,
  kicker: 'Section',
  title: section.name,
  description: section.description,
  feed: true,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return readListMetadata(
    (await params).section,
    async (slug) => (await content()).section(slug),
    sectionList,
  );
}

/** A section's stories, newest first, 20 a page. */
export default async function SectionPage({ params, searchParams }: Props) {
  const list = await readListPage((await params).section, searchParams, async (slug, page) =>
    (await content()).sectionPage(slug, page),
  );
  return (
    <StoryListPage
      info={sectionList(list.section)}
      list={list}
      empty="No stories in this section yet."
      follow={
        <FollowButton
          followsType="SITE_SECTION_ID"
          followsKey={list.section.slug}
          label={list.section.name}
        />
      }
    />
  );
}
