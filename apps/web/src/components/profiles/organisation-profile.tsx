import type { ReactNode } from 'react';
import type { OrganisationProfileView } from '@bof/api/profile-types';
import type { OrganisationLinks } from '../../server/profiles/profile-page-data';
import { countryName, labelOf } from '../../server/profiles/reference-labels';
import { StoryCard } from '../content/story-card';
import { LinkedName } from './linked-name';
import { OutsideLinks } from './outside-links';
import { ProfileImage } from './profile-image';
import { ProjectList } from './project-list';
import { RichText } from './rich-text';

function ProfileList({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: readonly { key: string; name: ReactNode; detail?: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="mt-2">
        {items.map((item) => (
          <li key={item.key} className="border-b border-rule py-2 last:border-b-0">
            <span className="font-semibold">{item.name}</span>
            {item.detail ? <span className="block text-sm text-muted">{item.detail}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * An organisation's page (spec §3 OrganisationProfile), published or a draft in preview: cover, logo,
 * name, summary, facts, the editorial description, the premium part (`premium`: the description for
 * those who may read it, or the wall; decided by the page), projects, key people, subsidiaries,
 * related companies, linked stories and the culture Q&A, headquarters and outside links.
 */
export function OrganisationProfile({
  organisation,
  links,
  premium,
  follow,
}: {
  organisation: OrganisationProfileView;
  links: OrganisationLinks;
  premium: ReactNode;
  follow?: ReactNode;
}) {
  const hq = organisation.headquarters;
  const facts: [string, string][] = (
    [
      [
        'Industry',
        organisation.organisationIndustry && labelOf('jobIndustries', organisation.organisationIndustry),
      ],
      ['Type', organisation.organisationType && labelOf('companyTypes', organisation.organisationType)],
      ['Size', organisation.organisationSize && labelOf('companySizes', organisation.organisationSize)],
      ['Ownership', organisation.ownershipType && labelOf('companyOwnership', organisation.ownershipType)],
      ['Founded', organisation.yearEstablished ? String(organisation.yearEstablished) : null],
      ['Headquarters', [hq.city, hq.country ? countryName(hq.country) : null].filter(Boolean).join(', ')],
    ] as [string, string | null][]
  ).filter((fact): fact is [string, string] => Boolean(fact[1]));
  const address = [
    hq.addressLine1,
    hq.addressLine2,
    hq.city,
    hq.state,
    hq.areaCode,
    hq.country ? countryName(hq.country) : null,
  ].filter(Boolean);
  const related = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const found = links.organisations.get(id);
      return found ? [{ key: id, name: <LinkedName profile={found} /> }] : [];
    });
  const stories = organisation.linkedArticles.flatMap((slug) => links.stories.get(slug) ?? []);
  const cultureQa = organisation.cultureQaArticle
    ? links.stories.get(organisation.cultureQaArticle)
    : undefined;
  return (
    <article className="mx-auto max-w-page px-gutter py-8" data-profile-format={organisation.format}>
      <ProfileImage src={organisation.coverImage} alt="" shape="cover" lead />
      <header className="mt-6 flex flex-col gap-6 border-b border-rule pb-8 sm:flex-row sm:items-start">
        <ProfileImage
          src={organisation.profileThumbnail}
          alt={`${organisation.title} logo`}
          shape="thumbnail"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-accent">
            {organisation.organisationIndustry
              ? labelOf('jobIndustries', organisation.organisationIndustry)
              : 'Organisations'}
            {organisation.recruiter ? <span className="ml-2 text-muted normal-case">· Hiring</span> : null}
          </p>
          <h1 className="font-serif text-4xl font-bold leading-tight text-balance">{organisation.title}</h1>
          {organisation.summary ? (
            <p className="max-w-measure text-xl leading-relaxed">{organisation.summary}</p>
          ) : null}
          {follow ? <div>{follow}</div> : null}
        </div>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-12">
        <div className="min-w-0 space-y-10 lg:col-span-8">
          <RichText html={organisation.editorialDescription} className="max-w-measure" />
          {premium ? (
            <section
              aria-label="In-depth profile"
              data-testid="premium-description"
              className="max-w-measure"
            >
              {premium}
            </section>
          ) : null}
          <ProjectList projects={organisation.projects} pinnedProject={organisation.pinnedProject} />
          {stories.length > 0 || cultureQa ? (
            <section aria-labelledby="linked-stories" className="border-t-2 border-ink pt-3">
              <h2 id="linked-stories" className="text-sm font-semibold uppercase tracking-wide">
                In the news
              </h2>
              <ul className="mt-4 grid gap-8 sm:grid-cols-2">
                {cultureQa ? (
                  <li>
                    <p className="mb-2 text-xs font-semibold uppercase tracking-wide">Culture Q&amp;A</p>
                    <StoryCard story={cultureQa} variant="compact" />
                  </li>
                ) : null}
                {stories.map((story) => (
                  <li key={story.id}>
                    <StoryCard story={story} variant="compact" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside
          className="min-w-0 space-y-8 lg:col-span-4 lg:border-l lg:border-rule lg:pl-8"
          aria-label={`About ${organisation.title}`}
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
          <ProfileList
            id="key-people"
            title="Key people"
            items={organisation.keyPeople.flatMap((k) => {
              const person = links.people.get(k.personProfileId);
              return person
                ? [{ key: k.personProfileId, name: <LinkedName profile={person} />, detail: k.role }]
                : [];
            })}
          />
          <ProfileList id="subsidiaries" title="Subsidiaries" items={related(organisation.children)} />
          <ProfileList
            id="related-companies"
            title="Related companies"
            items={related(organisation.relatedCompanies)}
          />
          {address.length > 0 ? (
            <section aria-labelledby="address">
              <h2 id="address" className="text-sm font-semibold uppercase tracking-wide">
                Address
              </h2>
              <address className="mt-2 not-italic">
                {address.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </section>
          ) : null}
          <OutsideLinks id="external-links" title="Web" links={organisation.externalLinks} />
          <OutsideLinks id="social-links" title="Social" links={organisation.socialLinks} />
          <OutsideLinks id="program-links" title="Programmes" links={organisation.programLinks} />
        </aside>
      </div>
    </article>
  );
}
