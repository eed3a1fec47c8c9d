import type { Metadata } from 'next';
import { ListHeader } from '../../../components/content/list-header';
import { bof500Row, isEmptyFilter, SEARCH_RESULTS } from '../../../components/profiles/bof500-row';
import { Bof500Search } from '../../../components/profiles/bof500-search';
import { readBof500Filter } from '../../../server/profiles/bof500-page';
import { profiles } from '../../../server/profiles/profile-pages';
import { optionsOf } from '../../../server/profiles/reference-labels';

export const dynamic = 'force-dynamic';

const DESCRIPTION = 'Find the people of the BoF 500 by name, category, country and year.';

export const metadata: Metadata = {
  description: DESCRIPTION,
  alternates: { canonical: './' },
  openGraph: { title: 'Search the BoF 500', description: DESCRIPTION, type: 'website' },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /bof500/search/: the search form, answered here for a plain GET and live as you type. */
export default async function Bof500SearchPage({ searchParams }: Props) {
  const service = await profiles();
  const years = await service.bof500Years();
  const filter = readBof500Filter(await searchParams, years);
  const entries = isEmptyFilter(filter)
    ? []
    : await service.bof500Search({
        name: filter.name,
        category: filter.category || null,
        country: filter.country || null,
        year: filter.year ? Number(filter.year) : null,
        first: SEARCH_RESULTS,
      });
  return (
    <div className="mx-auto max-w-page px-gutter py-8">
      <ListHeader kicker="The BoF 500" title="Search the BoF 500">
        <p>
          {DESCRIPTION} Or browse <a href="/bof500/">the BoF 500 by year</a>.
        </p>
      </ListHeader>
      <Bof500Search
        initial={filter}
        initialRows={entries.map(bof500Row)}
        categories={optionsOf('personProfileCategories')}
        countries={optionsOf('countries')}
        years={years}
      />
    </div>
  );
}
