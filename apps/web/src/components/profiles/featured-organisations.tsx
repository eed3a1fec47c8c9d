import Link from 'next/link';
import type { OrganisationProfileView } from '@bof/api/profile-types';
import { OrganisationCard } from './profile-cards';

/** The front page's featured organisations (HOMEPAGE_COMPONENT); nothing when none is featured. */
export function FeaturedOrganisations({
  organisations,
}: {
  organisations: readonly OrganisationProfileView[];
}) {
  if (organisations.length === 0) return null;
  return (
    <section aria-labelledby="featured-organisations" className="border-t-2 border-ink pt-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="featured-organisations" className="text-sm font-semibold uppercase tracking-wide">
          Organisations to know
        </h2>
        <Link prefetch={false} href="/organisations/" className="text-sm">
          All organisations
        </Link>
      </div>
      <ul className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-4">
        {organisations.map((organisation) => (
          <li key={organisation.profileId}>
            <OrganisationCard organisation={organisation} />
          </li>
        ))}
      </ul>
    </section>
  );
}
