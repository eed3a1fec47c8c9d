import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ListHeader } from '../../components/content/list-header';
import { bof500Row } from '../../components/profiles/bof500-row';
import { Bof500Results } from '../../components/profiles/bof500-results';
import { profiles } from '../../server/profiles/profile-pages';
import { countryName, isKeyOf, labelOf, optionsOf } from '../../server/profiles/reference-labels';

export const dynamic = 'force-dynamic';

const DESCRIPTION =
  'The BoF 500: the people shaping the global fashion industry, chosen every year, by category.';

export const metadata: Metadata = {
  description: DESCRIPTION,
  alternates: { canonical: './' },
  openGraph: { title: 'The BoF 500', description: DESCRIPTION, type: 'website' },
};

/** A year of the BoF 500 is at most its 500 people. */
const YEAR_SIZE = 500;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Spec §2 /bof500/: the yearly index of the people shaping the industry (person profiles with their
 * year and category badges), one year at a time (the newest by default), by category.
 */
export default async function Bof500Page({ searchParams }: Props) {
  const params = await searchParams;
  const service = await profiles();
  const years = await service.bof500Years();
  const rawYear = single(params.year);
  const rawCategory = single(params.category);
  if (rawYear !== undefined && !years.includes(Number(rawYear))) notFound();
  if (rawCategory && !isKeyOf('personProfileCategories', rawCategory)) notFound();
  const year = rawYear ? Number(rawYear) : years[0];
  const category = rawCategory || null;
  const entries =
    year === undefined
      ? []
      : await service.bof500Search({ name: '', category, country: null, year, first: YEAR_SIZE });
  const rows = entries.map(bof500Row);
  const categories = optionsOf('personProfileCategories').filter(
    (option) => category === null || option.key === category,
  );
  const href = (y: number | undefined, c: string | null) => {
    const search = new URLSearchParams();
    if (y !== undefined && y !== years[0]) search.set('year', String(y));
    if (c) search.set('category', c);
    return search.size > 0 ? `/bof500/?${search.toString()}` : '/bof500/';
  };
  const chip = (current: boolean) =>
    `inline-block rounded-full border px-3 py-1 text-sm no-underline ${current ? 'border-ink bg-ink text-paper' : 'border-rule hover:border-ink'}`;
  return (
    <div className="mx-auto max-w-page px-gutter py-8">
      <ListHeader kicker="The BoF 500" title={year ? `The BoF 500, ${year}` : 'The BoF 500'}>
        <p>
          {DESCRIPTION}{' '}
          <Link prefetch={false} href="/bof500/search/">
            Search the BoF 500
          </Link>
          .
        </p>
      </ListHeader>
      {years.length === 0 ? (
        <p role="status" className="rounded border border-rule p-6">
          The BoF 500 has no one in it yet.
        </p>
      ) : (
        <>
          <nav aria-label="Years" className="mb-4">
            <ul className="flex flex-wrap gap-2">
              {years.map((y) => (
                <li key={y}>
                  <Link
                    prefetch={false}
                    href={href(y, category)}
                    aria-current={y === year ? 'page' : undefined}
                    className={chip(y === year)}
                  >
                    {y}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Categories" className="mb-10">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  prefetch={false}
                  href={href(year, null)}
                  aria-current={category === null ? 'page' : undefined}
                  className={chip(category === null)}
                >
                  All categories
                </Link>
              </li>
              {optionsOf('personProfileCategories').map((option) => (
                <li key={option.key}>
                  <Link
                    prefetch={false}
                    href={href(year, option.key)}
                    aria-current={option.key === category ? 'page' : undefined}
                    className={chip(option.key === category)}
                  >
                    {option.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {rows.length === 0 ? (
            <p role="status" className="rounded border border-rule p-6">
              No one was listed {category ? `among the ${labelOf('personProfileCategories', category)} ` : ''}
              in {year}.
            </p>
          ) : (
            <div className="space-y-10">
              {categories.map((option) => {
                const inCategory = rows.filter((row) => row.category === option.key);
                if (inCategory.length === 0) return null;
                return (
                  <section
                    key={option.key}
                    aria-labelledby={`category-${option.key}`}
                    className="border-t-2 border-ink pt-3"
                  >
                    <h2
                      id={`category-${option.key}`}
                      className="text-sm font-semibold uppercase tracking-wide"
                    >
                      {option.title} <span className="font-normal text-muted">({inCategory.length})</span>
                    </h2>
                    <Bof500Results
                      rows={inCategory}
                      categoryTitle={(key) => labelOf('personProfileCategories', key)}
                      countryTitle={countryName}
                    />
                  </section>
                );
              })}
            </div>
          )}
        </>
      )}
    </div>
  );
}
