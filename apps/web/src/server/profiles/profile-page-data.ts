import type { StoryCard } from '@bof/api/content';
import type { OrganisationProfileView, PersonProfileView } from '@bof/api/profile-types';
import { content } from '../content/content-pages';
import { profiles } from './profile-pages';

/** A profile another profile links to: its name and address, or no address when it may not be linked. */
export interface LinkedProfile {
  profileId: string;
  name: string;
  /** The page's path; null when the profile asks not to be linked (isLinkable false). */
  href: string | null;
}

const unique = (ids: readonly (string | null)[]) => [
  ...new Set(ids.filter((id): id is string => id !== null)),
];

const linkedOrganisation = (o: OrganisationProfileView): LinkedProfile => ({
  profileId: o.profileId,
  name: o.title,
  href: o.isLinkable ? `/organisations/${o.slug}/` : null,
});

const linkedPerson = (p: PersonProfileView): LinkedProfile => ({
  profileId: p.profileId,
  name: `${p.firstName} ${p.lastName}`,
  href: p.isLinkable ? `/people/${p.slug}/` : null,
});

const byId = (items: LinkedProfile[]) => new Map(items.map((item) => [item.profileId, item]));

/** What a person's page links to: the published organisations of their careers and education (one query). */
export async function personLinks(person: PersonProfileView) {
  const ids = unique([...person.careers, ...person.education].map((entry) => entry.organisationId));
  const organisations = await (await profiles()).organisations.publicByIds(ids);
  return { organisations: byId(organisations.map(linkedOrganisation)) };
}

/**
 * What an organisation's page links to: key people, subsidiaries and related companies (published
 * ones only), and the linked stories and culture Q&A: a fixed number of queries whatever their count.
 */
export async function organisationLinks(organisation: OrganisationProfileView) {
  const service = await profiles();
  const storySlugs = unique([...organisation.linkedArticles, organisation.cultureQaArticle]);
  const [people, organisations, stories] = await Promise.all([
    service.people.publicByIds(unique(organisation.keyPeople.map((k) => k.personProfileId))),
    service.organisations.publicByIds(unique([...organisation.children, ...organisation.relatedCompanies])),
    storySlugs.length > 0 ? (await content()).cards(storySlugs) : Promise.resolve([] as StoryCard[]),
  ]);
  return {
    people: byId(people.map(linkedPerson)),
    organisations: byId(organisations.map(linkedOrganisation)),
    stories: new Map(stories.map((story) => [story.slug, story])),
  };
}

export type PersonLinks = Awaited<ReturnType<typeof personLinks>>;
export type OrganisationLinks = Awaited<ReturnType<typeof organisationLinks>>;
