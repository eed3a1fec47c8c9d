import { ProfileLinkNotFoundError } from './profiles.errors';
import type { ProfilesRepo } from './profiles.repo';
import type { OrganisationDocument, PersonDocument } from './profiles.types';

type Lookups = Pick<ProfilesRepo, 'existingOrganisationIds' | 'existingPersonIds' | 'existingStorySlugs'>;

async function requireAll(
  field: string,
  wanted: readonly string[],
  lookup: (values: readonly string[]) => Promise<Set<string>>,
) {
  const unique = [...new Set(wanted)];
  const found = await lookup(unique);
  const missing = unique.find((value) => !found.has(value));
  if (missing !== undefined) throw new ProfileLinkNotFoundError(field, missing);
}

/** Every organisation a person's careers and education name exists; nothing is stored otherwise. */
export async function checkPersonLinks(repo: Lookups, doc: PersonDocument): Promise<void> {
  const organisations = [...doc.careers, ...doc.education]
    .map((entry) => entry.organisationId)
    .filter((id): id is string => id !== null);
  await requireAll('An organisation', organisations, (ids) => repo.existingOrganisationIds(ids));
}

/** Every story, person and organisation an organisation profile names exists. */
export async function checkOrganisationLinks(
  repo: Lookups,
  doc: Pick<
    OrganisationDocument,
    'linkedArticles' | 'cultureQaArticle' | 'keyPeople' | 'children' | 'relatedCompanies'
  >,
  selfId: string | null,
): Promise<void> {
  const stories = [...doc.linkedArticles, ...(doc.cultureQaArticle ? [doc.cultureQaArticle] : [])];
  await requireAll('A linked story', stories, (slugs) => repo.existingStorySlugs(slugs));
  await requireAll(
    'A key person',
    doc.keyPeople.map((p) => p.personProfileId),
    (ids) => repo.existingPersonIds(ids),
  );
  const organisations = [...doc.children, ...doc.relatedCompanies];
  if (selfId && organisations.includes(selfId))
    throw new ProfileLinkNotFoundError('An organisation cannot be linked to itself', selfId);
  await requireAll('An organisation', organisations, (ids) => repo.existingOrganisationIds(ids));
}
