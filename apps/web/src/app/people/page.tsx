import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListHeader } from '../../components/content/list-header';
import { DirectoryFilters } from '../../components/profiles/directory-filters';
import { DirectoryPagination } from '../../components/profiles/directory-pagination';
import { PersonCard } from '../../components/profiles/profile-cards';
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
  'The people shaping the fashion business: designers, executives, founders, investors and more.';

export const metadata: Metadata = {
  description: DESCRIPTION,
  alternates: { canonical: './' },
  openGraph: { title: 'People', description: DESCRIPTION, type: 'website' },
};

const PAGE_SIZE = 24;
const FIELDS: readonly DirectoryField[] = [
  { param: 'category', list: 'personProfileCategories', label: 'Category' },
  { param: 'country', list: 'countries', label: 'Country' },
];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /people/: published person profiles by name, filtered by name, category and country, paged. */
export default async function PeoplePage({ searchParams }: Props) {
  const query = readDirectoryQuery(await searchParams, FIELDS);
  if (!query) notFound();
  const found = await (
    await profiles()
  ).people.directory({
    name: query.name,
    category: query.values.category ?? null,
    country: query.values.country ?? null,
    first: PAGE_SIZE + 1,
    offset: (query.page - 1) * PAGE_SIZE,
  });
  if (found.length === 0 && query.page > 1) notFound();
  const people = found.slice(0, PAGE_SIZE);
  return (
    <div className="mx-auto max-w-page px-gutter py-8">
      <ListHeader kicker="Directory" title="People">
        <p>{DESCRIPTION}</p>
      </ListHeader>
      <DirectoryFilters
        action="/people/"
        query={query}
        namePlaceholder="First or last name"
        fields={FIELDS.map((field) => ({ ...field, options: optionsOf(field.list) }))}
      />
      <section aria-labelledby="people-results" className="mt-8">
        <h2 id="people-results" className="sr-only">
          {isFiltered(query) ? 'People matching your filters' : 'All people'}
        </h2>
        {people.length === 0 ? (
          <div role="status" className="rounded border border-rule p-6">
            <p className="font-semibold">No one matches these filters.</p>
            <p className="mt-2 text-muted">
              Try another name or fewer filters, or <a href="/people/">see everyone</a>.
            </p>
          </div>
        ) : (
          <ul className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3">
            {people.map((person) => (
              <li key={person.profileId}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DirectoryPagination
        page={query.page}
        hasNext={found.length > PAGE_SIZE}
        href={(page) => directoryHref('/people/', query, page)}
      />
    </div>
  );
}
