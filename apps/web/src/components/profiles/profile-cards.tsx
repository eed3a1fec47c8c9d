import Link from 'next/link';
import type { OrganisationProfileView, PersonProfileView } from '@bof/api/profile-types';
import { countryName, labelOf } from '../../server/profiles/reference-labels';
import { ProfileBadges } from './profile-badges';
import { ProfileImage } from './profile-image';

const cardLink = 'no-underline after:absolute after:inset-0 hover:underline';

/** A person in a list: portrait, name (their page), role, category and place, and their badges. */
export function PersonCard({
  person,
  headingLevel = 3,
}: {
  person: PersonProfileView;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = `${person.firstName} ${person.lastName}`;
  const place = [person.location.city, person.location.country ? countryName(person.location.country) : null]
    .filter(Boolean)
    .join(', ');
  return (
    <article className="relative flex gap-4 border-b border-rule py-4">
      <ProfileImage src={person.profileThumbnail} alt="" shape="card" />
      <div className="min-w-0 space-y-1">
        <Heading className="font-serif text-xl font-bold leading-tight">
          <Link prefetch={false} href={`/people/${person.slug}/`} className={cardLink}>
            {name}
          </Link>
        </Heading>
        {person.title ? <p className="text-sm">{person.title}</p> : null}
        <p className="text-xs text-muted">
          {[person.category ? labelOf('personProfileCategories', person.category) : null, place]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <ProfileBadges badges={person.profileBadges.slice(0, 3)} compact />
      </div>
    </article>
  );
}

/** An organisation in a list: logo, name (its page), summary, industry and headquarters. */
export function OrganisationCard({
  organisation,
  headingLevel = 3,
}: {
  organisation: OrganisationProfileView;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hq = organisation.headquarters;
  return (
    <article className="relative flex h-full gap-4 border-b border-rule py-4">
      <ProfileImage src={organisation.profileThumbnail} alt="" shape="card" />
      <div className="min-w-0 space-y-1">
        <Heading className="font-serif text-xl font-bold leading-tight">
          <Link prefetch={false} href={`/organisations/${organisation.slug}/`} className={cardLink}>
            {organisation.title}
          </Link>
        </Heading>
        {organisation.summary ? <p className="text-sm text-muted">{organisation.summary}</p> : null}
        <p className="text-xs text-muted">
          {[
            organisation.organisationIndustry
              ? labelOf('jobIndustries', organisation.organisationIndustry)
              : null,
            [hq.city, hq.country ? countryName(hq.country) : null].filter(Boolean).join(', ') || null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    </article>
  );
}
