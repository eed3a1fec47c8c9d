import type { ReactNode } from 'react';
import type { PersonProfileView } from '@bof/api/profile-types';
import type { PersonLinks } from '../../server/profiles/profile-page-data';
import { countryName, labelOf } from '../../server/profiles/reference-labels';
import { LinkedName } from './linked-name';
import { OutsideLinks } from './outside-links';
import { ProfileBadges } from './profile-badges';
import { ProfileImage } from './profile-image';
import { RichText } from './rich-text';

/** The year a person first entered the BoF 500 (spec §3 memberSince), from their badges. */
export function memberSince(person: Pick<PersonProfileView, 'profileBadges'>): number | null {
  const years = person.profileBadges.filter((b) => b.collection === 'bof-500').map((b) => b.year);
  return years.length > 0 ? Math.min(...years) : null;
}

function Entries({
  id,
  title,
  entries,
  links,
}: {
  id: string;
  title: string;
  entries: readonly { heading: string; organisationId: string | null; timePeriod: string }[];
  links: PersonLinks;
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id} className="border-t-2 border-ink pt-3">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ol className="mt-2">
        {entries.map((entry, index) => {
          const organisation = entry.organisationId
            ? links.organisations.get(entry.organisationId)
            : undefined;
          return (
            <li key={index} className="border-b border-rule py-3 last:border-b-0">
              <p className="font-semibold">{entry.heading}</p>
              {organisation ? (
                <p>
                  <LinkedName profile={organisation} />
                </p>
              ) : null}
              {entry.timePeriod ? <p className="text-sm text-muted">{entry.timePeriod}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * A person's page (spec §3 PersonProfile), the published version or a draft in preview: cover and
 * portrait, name, role, badges, summary, the editorial description, careers and education (linking the
 * organisations' pages), the facts and their own links. `follow` is the follow button (public pages).
 */
export function PersonProfile({
  person,
  links,
  follow,
}: {
  person: PersonProfileView;
  links: PersonLinks;
  follow?: ReactNode;
}) {
  const name = `${person.firstName} ${person.lastName}`;
  const since = memberSince(person);
  const place = [person.location.city, person.location.country ? countryName(person.location.country) : null]
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    ...(place ? [['Based in', place] as [string, string]] : []),
    ...(person.nationalities.length > 0
      ? [['Nationality', person.nationalities.map(countryName).join(', ')] as [string, string]]
      : []),
    ...(person.yearBorn ? [['Born', String(person.yearBorn)] as [string, string]] : []),
    ...(person.yearPassed ? [['Died', String(person.yearPassed)] as [string, string]] : []),
    ...(since ? [['BoF 500 since', String(since)] as [string, string]] : []),
  ];
  return (
    <article className="mx-auto max-w-page px-gutter py-8" data-profile-format={person.format}>
      {!person.condensedHeader ? <ProfileImage src={person.profileCover} alt="" shape="cover" lead /> : null}
      <header className="mt-6 flex flex-col gap-6 border-b border-rule pb-8 sm:flex-row sm:items-start">
        <ProfileImage src={person.profileThumbnail} alt={`Portrait of ${name}`} shape="thumbnail" />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-accent">
            {person.category ? labelOf('personProfileCategories', person.category) : 'People'}
          </p>
          <h1 className="font-serif text-4xl font-bold leading-tight text-balance">{name}</h1>
          {person.title ? <p className="text-lg">{person.title}</p> : null}
          {person.subtitle && person.subtitle !== person.title ? (
            <p className="text-muted">{person.subtitle}</p>
          ) : null}
          <ProfileBadges badges={person.profileBadges} />
          {follow ? <div>{follow}</div> : null}
        </div>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-12">
        <div className="space-y-8 lg:col-span-8">
          {person.summary ? <p className="max-w-measure text-xl leading-relaxed">{person.summary}</p> : null}
          <RichText html={person.editorialDescription} className="max-w-measure" />
          <Entries
            id="careers"
            title="Career"
            entries={person.careers.map((c) => ({ ...c, heading: c.jobTitle }))}
            links={links}
          />
          <Entries
            id="education"
            title="Education"
            entries={person.education.map((e) => ({ ...e, heading: e.description }))}
            links={links}
          />
        </div>
        <aside
          className="space-y-8 lg:col-span-4 lg:border-l lg:border-rule lg:pl-8"
          aria-label={`About ${name}`}
        >
          {facts.length > 0 ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {facts.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-semibold">{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <OutsideLinks id="social-links" title="Elsewhere" links={person.socialLinks} />
        </aside>
      </div>
    </article>
  );
}
