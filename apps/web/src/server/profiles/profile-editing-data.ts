import { runningServices } from '@bof/api/running-services';
import type { Services } from '@bof/api/services';
import type { Viewer } from '@bof/api/viewer';
import type { PersonDraft } from '../../components/profiles-editing/person-profile-draft';

type PersonView = NonNullable<Awaited<ReturnType<Services['profiles']['people']['source']>>>;

/** Countries for the pickers, in list order (ISO codes as keys). */
export async function countryOptions(): Promise<{ key: string; title: string }[]> {
  const items = await (
    await runningServices()
  ).reference.window('countries', { limit: 300, inverted: false });
  return items.map((c) => ({ key: c.key, title: c.title }));
}

/** The published names of organisation profiles, by id; ids that name nothing published are left out. */
export async function organisationNames(ids: readonly string[]): Promise<Map<string, string>> {
  const { profiles } = await runningServices();
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(ids)].map(async (profileId) => {
      try {
        names.set(profileId, (await profiles.organisations.public({ profileId })).title);
      } catch {
        // Not published (or gone): the editor shows the entry without an organisation name.
      }
    }),
  );
  return names;
}

/** The person editor's starting point: the reader's own draft, or an empty one. */
export async function personEditorData(viewer: Viewer) {
  const { profiles } = await runningServices();
  const source: PersonView | null = await profiles.people.source(viewer, null);
  if (!source) {
    return {
      profileId: null,
      version: 0,
      publishedVersion: null,
      draft: emptyPersonDraft(),
    };
  }
  const orgNames = await organisationNames(
    [...source.careers, ...source.education].flatMap((e) => (e.organisationId ? [e.organisationId] : [])),
  );
  const organisation = (id: string | null) =>
    id ? { profileId: id, name: orgNames.get(id) ?? 'An organisation not published now' } : null;
  const draft: PersonDraft = {
    slug: source.slug,
    title: source.title,
    firstName: source.firstName,
    lastName: source.lastName,
    subtitle: source.subtitle,
    summary: source.summary,
    editorialDescription: source.editorialDescription,
    format: source.format,
    category: source.category,
    careers: source.careers.map((c) => ({
      text: c.jobTitle,
      organisation: organisation(c.organisationId),
      timePeriod: c.timePeriod,
    })),
    education: source.education.map((e) => ({
      text: e.description,
      organisation: organisation(e.organisationId),
      timePeriod: e.timePeriod,
    })),
    city: source.location.city ?? '',
    country: source.location.country ?? '',
    nationalities: source.nationalities,
    yearBorn: source.yearBorn === null ? '' : String(source.yearBorn),
    profileCover: source.profileCover,
    profileThumbnail: source.profileThumbnail,
    socialLinks: source.socialLinks,
    condensedHeader: source.condensedHeader,
    isLinkable: source.isLinkable,
  };
  return {
    profileId: source.profileId,
    version: source.version,
    publishedVersion: source.publishedVersion,
    draft,
  };
}

function emptyPersonDraft(): PersonDraft {
  return {
    slug: '',
    title: '',
    firstName: '',
    lastName: '',
    subtitle: '',
    summary: '',
    editorialDescription: '',
    format: 'DEFAULT',
    category: null,
    careers: [],
    education: [],
    city: '',
    country: '',
    nationalities: [],
    yearBorn: '',
    profileCover: null,
    profileThumbnail: null,
    socialLinks: [],
    condensedHeader: false,
    isLinkable: true,
  };
}
