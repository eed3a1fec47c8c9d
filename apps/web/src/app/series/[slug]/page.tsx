import type { Metadata } from 'next';
import type { Series } from '@bof/api/content';
import { StoryListPage } from '../../../components/content/story-list-page';
import { content } from '../../../server/content/content-pages';
import type { ListPageInfo, ListRouteProps } from '../../../server/content/list-page';
import { readListMetadata, readListPage } from '../../../server/content/list-page';

export const dynamic = 'force-dynamic';

type Props = ListRouteProps<'slug'>;

const seriesList = ({ series }: { series: Series }): ListPageInfo => ({
  path: `/series/${series.slug}/`,
  kicker: 'Series',
  title: series.title,
  description: series.description,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return readListMetadata(
    (await params).slug,
    async (slug) => (await content()).seriesPage(slug, 1),
    seriesList,
  );
}

/** A series (spec §2 /series/bof-insights/): its briefings, newest first. */
export default async function SeriesPage({ params, searchParams }: Props) {
  const list = await readListPage((await params).slug, searchParams, async (slug, page) =>
    (await content()).seriesPage(slug, page),
  );
  return <StoryListPage info={seriesList(list)} list={list} empty="No briefings in this series yet." />;
}
