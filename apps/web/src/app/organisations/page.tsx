import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListHeader } from '../../components/content/list-header';
import { DirectoryFilters } from '../../components/profiles/directory-filters';
import { DirectoryPagination } from '../../components/profiles/directory-pagination';
import { OrganisationCard } from '../../components/profiles/profile-cards';
import {
  directoryHref,
  isFiltered,
  readDirectoryQuery,
  type DirectoryField,
} from '../../server/profiles/directory-params';
import { profiles } from '../../server/profiles/profile-pages';
import { optionsOf } from '../../server/profiles/reference-labels';

export const dynamic = 'force-dynamic';

const DESCRIPTION =
  'The companies of the fashion business: luxury houses, brands, retailers, suppliers and start-ups.';

export const metadata: Metadata = {
  description: DESCRIPTION,
  alternates: { canonical: './' },
  openGraph: { title: 'Organisations', description: DESCRIPTION, type: 'website' },
};

const PAGE_SIZE = 24;
const FIELDS: readonly DirectoryField[] = [
  { param: 'industry', list: 'jobIndustries', label: 'Industry' },
  { param: 'type', list: 'companyTypes', label: 'Type' },
  { param: 'size', list: 'companySizes', label: 'Size' },
  { param: 'ownership', list: 'companyOwnership', label: 'Ownership' },
  { param: 'country', list: 'countries', label: 'Country' },
];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /organisations/: the organisations an admin featured for this page (ORGANISATION_INDEX), then
 * every published organisation by name, filtered by name, industry, type, size, ownership and country.
 */
export default async function OrganisationsPage({ searchParams }: Props) {
  const query = readDirectoryQuery(await searchParams, FIELDS);
  if (!query) notFound();
  const service = await profiles();
  const showFeatured = !isFiltered(query) && query.page === 1;
  const [found, featured] = await Promise.all([
    service.organisations.directory({
      name: query.name,
      industry: query.values.industry ?? null,
      size: query.values.size ?? null,
      type: query.values.type ?? null,
      ownership: query.values.ownership ?? null,
      country: query.values.country ?? null,
      first: PAGE_SIZE + 1,
      offset: (query.page - 1) * PAGE_SIZE,
    }),
    showFeatured ? service.organisations.featured('ORGANISATION_INDEX', 6) : Promise.resolve([]),
  ]);
  if (found.length === 0 && query.page > 1) notFound();
  const organisations = found.slice(0, PAGE_SIZE);
  return (
    <div className="mx-auto max-w-page px-gutter py-8">
      <ListHeader kicker="Directory" title="Organisations">
        <p>{DESCRIPTION}</p>
      </ListHeader>
      {featured.length > 0 ? (
        <section aria-labelledby="featured-organisations" className="mb-10 border-t-2 border-ink pt-3">
          <h2 id="featured-organisations" className="text-sm font-semibold uppercase tracking-wide">
            Featured
          </h2>
          <ul className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((organisation) => (
              <li key={organisation.profileId}>
                <OrganisationCard organisation={organisation} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DirectoryFilters
        action="/organisations/"
        query={query}
        namePlaceholder="Start of a word of the name"
        fields={FIELDS.map((field) => ({ ...field, options: optionsOf(field.list) }))}
      />
      <section aria-labelledby="organisation-results" className="mt-8">
        <h2
          id="organisation-results"
          className={showFeatured ? 'text-sm font-semibold uppercase tracking-wide' : 'sr-only'}
        >
          {isFiltered(query) ? 'Organisations matching your filters' : 'All organisations'}
        </h2>
        {organisations.length === 0 ? (
          <div role="status" className="rounded border border-rule p-6">
            <p className="font-semibold">No organisation matches these filters.</p>
            <p className="mt-2 text-muted">
              Try another name or fewer filters, or <a href="/organisations/">see them all</a>.
            </p>
          </div>
        ) : (
          <ul className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3">
            {organisations.map((organisation) => (
              <li key={organisation.profileId}>
                <OrganisationCard organisation={organisation} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DirectoryPagination
        page={query.page}
        hasNext={found.length > PAGE_SIZE}
        href={(page) => directoryHref('/organisations/', query, page)}
      />
    </div>
  );
}
