import { runningServices } from '@bof/api/running-services';
import type { Services } from '@bof/api/services';
import type { Viewer } from '@bof/api/viewer';
import type { OrganisationDraft } from '../../components/profiles-editing/organisation-profile-draft';
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

type OrganisationView = NonNullable<Awaited<ReturnType<Services['profiles']['organisations']['source']>>>;

/** The options of a reference list, in list order. */
export async function referenceOptions(
  list: 'countries' | 'jobIndustries' | 'companySizes' | 'companyTypes' | 'companyOwnership',
): Promise<{ key: string; title: string }[]> {
  const items = await (await runningServices()).reference.window(list, { limit: 300, inverted: false });
  return items.map((c) => ({ key: c.key, title: c.title }));
}

/** The published names of person profiles, by id. */
async function personNames(ids: readonly string[]): Promise<Map<string, string>> {
  const { profiles } = await runningServices();
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(ids)].map(async (profileId) => {
      try {
        const person = await profiles.people.public({ profileId });
        names.set(profileId, `${person.firstName} ${person.lastName}`);
      } catch {
        // Not published now: shown as such.
      }
    }),
  );
  return names;
}

/**
 * The organisation editor's starting point: the draft of `profileId`, or of the account's profile, or an
 * empty one to create for the account. Throws the module's errors (not found, not allowed) to the page.
 */
export async function organisationEditorData(
  viewer: Viewer,
  key: { profileId: string | null; accountId: string | null },
) {
  const { profiles } = await runningServices();
  const source: OrganisationView | null = await profiles.organisations.source(viewer, key);
  if (!source) {
    return {
      profileId: null,
      accountId: key.accountId,
      version: 0,
      publishedVersion: null,
      draft: emptyOrganisationDraft(),
      projects: [],
      keyPeople: [],
      children: [],
      relatedCompanies: [],
    };
  }
  const [people, orgs] = await Promise.all([
    personNames(source.keyPeople.map((k) => k.personProfileId)),
    organisationNames(source.children),
  ]);
  return {
    profileId: source.profileId,
    accountId: source.accountId,
    version: source.version,
    publishedVersion: source.publishedVersion,
    draft: {
      slug: source.slug,
      title: source.title,
      summary: source.summary,
      editorialDescription: source.editorialDescription,
      premiumDescription: source.premiumDescription,
      format: source.format,
      coverImage: source.coverImage,
      profileThumbnail: source.profileThumbnail,
      addressLine1: source.headquarters.addressLine1 ?? '',
      addressLine2: source.headquarters.addressLine2 ?? '',
      areaCode: source.headquarters.areaCode ?? '',
      state: source.headquarters.state ?? '',
      city: source.headquarters.city ?? '',
      country: source.headquarters.country ?? '',
      externalLinks: source.externalLinks,
      socialLinks: source.socialLinks,
      programLinks: source.programLinks,
      linkedArticles: source.linkedArticles.join('\n'),
      cultureQaArticle: source.cultureQaArticle ?? '',
      recruiter: source.recruiter,
      pinnedProject: source.pinnedProject ?? '',
      organisationIndustry: source.organisationIndustry ?? '',
      organisationSize: source.organisationSize ?? '',
      organisationType: source.organisationType ?? '',
      ownershipType: source.ownershipType ?? '',
      yearEstablished: source.yearEstablished === null ? '' : String(source.yearEstablished),
      isLinkable: source.isLinkable,
    },
    projects: source.projects.map((p) => ({ projectId: p.projectId, title: p.title })),
    keyPeople: source.keyPeople.map((k) => ({
      person: {
        profileId: k.personProfileId,
        name: people.get(k.personProfileId) ?? 'A person not published now',
      },
      role: k.role,
    })),
    children: source.children.map((id) => ({
      profileId: id,
      name: orgs.get(id) ?? 'An organisation not published now',
    })),
    relatedCompanies: source.relatedCompanies,
  };
}

/** The projects page's starting point: the draft's projects in order, and its version. */
export async function projectsEditorData(viewer: Viewer, profileId: string) {
  const { profiles } = await runningServices();
  const source = (await profiles.organisations.source(viewer, { profileId, accountId: null }))!;
  return {
    profileId: source.profileId,
    title: source.title,
    version: source.version,
    projects: source.projects.map((p) => ({
      projectId: p.projectId,
      slug: p.slug,
      title: p.title,
      description: p.description,
      thumbnail: p.thumbnail,
      assets: p.assets,
    })),
  };
}

function emptyOrganisationDraft(): OrganisationDraft {
  return {
    slug: '',
    title: '',
    summary: '',
    editorialDescription: '',
    premiumDescription: '',
    format: 'DEFAULT',
    coverImage: null,
    profileThumbnail: null,
    addressLine1: '',
    addressLine2: '',
    areaCode: '',
    state: '',
    city: '',
    country: '',
    externalLinks: [],
    socialLinks: [],
    programLinks: [],
    linkedArticles: '',
    cultureQaArticle: '',
    recruiter: false,
    pinnedProject: '',
    organisationIndustry: '',
    organisationSize: '',
    organisationType: '',
    ownershipType: '',
    yearEstablished: '',
    isLinkable: true,
  };
}

/**
 * The organisation accounts the reader holds a seat in, with their role and, for the accounts they may
 * edit (OWNER, ADMIN), the state of the account's profile.
 */
export async function organisationProfilesPageData(viewer: Viewer) {
  const { organisations, profiles } = await runningServices();
  const held = await organisations.memberships(viewer.userId);
  return Promise.all(
    held.map(async (m) => {
      const role = m.role as 'OWNER' | 'ADMIN' | 'USER';
      const profile =
        role === 'USER'
          ? null
          : await profiles.organisations.source(viewer, { profileId: null, accountId: m.accountId });
      return {
        accountId: m.accountId,
        title: m.title,
        role,
        profile: profile
          ? {
              profileId: profile.profileId,
              title: profile.title,
              slug: profile.slug,
              version: profile.version,
              publishedVersion: profile.publishedVersion,
              projects: profile.projects.length,
            }
          : null,
      };
    }),
  );
}
