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
  params: Promise<{ section: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { section } = await params;
  const valid = slugOrUndefined(section);
  const found = valid ? await orUndefined((await content()).section(valid)) : undefined;
  if (!found) return {};
  const { siteUrl } = getServerEnv();
  return {
    description: found.description,
    openGraph: { title: found.name, description: found.description, type: 'website' },
    alternates: {
      canonical: './',
      types: { 'application/rss+xml': `${siteUrl}/articles/${found.slug}/feed.xml` },
    },
  };
}

/** A section's stories, newest first, 20 a page. */
export default async function SectionPage({ params, searchParams }: Props) {
  const { section } = await params;
  const page = pageOr404(await searchParams);
  const list = await orNotFound((await content()).sectionPage(slugOr404(section), page));
  checkPage(list);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader
        kicker="Section"
        title={list.section.name}
        feed={{ href: `/articles/${list.section.slug}/feed.xml`, label: `RSS feed of ${list.section.name}` }}
      >
        <p>{list.section.description}</p>
      </ListHeader>
      <StoryList stories={list.stories} empty="No stories in this section yet." />
      <Pagination basePath={`/articles/${list.section.slug}/`} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
