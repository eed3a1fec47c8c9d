import type { Metadata } from 'next';
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
  const series = valid ? await orUndefined((await content()).seriesPage(valid, 1)) : undefined;
  if (!series) return {};
  return {
    description: series.series.description,
    openGraph: { title: series.series.title, description: series.series.description, type: 'website' },
  };
}

/** A series (spec §2 /series/bof-insights/): its briefings, newest first. */
export default async function SeriesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const page = pageOr404(await searchParams);
  const list = await orNotFound((await content()).seriesPage(slugOr404(slug), page));
  checkPage(list);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader kicker="Series" title={list.series.title}>
        <p>{list.series.description}</p>
      </ListHeader>
      <StoryList stories={list.stories} empty="No briefings in this series yet." />
      <Pagination basePath={`/series/${list.series.slug}/`} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
