import type { Viewer } from '../../auth/viewer';
import { hasErrorCode } from '../../errors/domain-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { editableOrganisation, PROFILE_EDITORS, type RequireOrganisationRole } from './profile-access';
import { checkOrganisationLinks } from './profile-links-check';
import {
  ProfileLinkNotFoundError,
  ProfileNotFoundError,
  ProfileSlugTakenError,
  StaleProfileVersionError,
} from './profiles.errors';
import type {
  OrganisationDirectoryInput,
  PublishInput,
  UpdateOrganisationChildrenInput,
  UpdateOrganisationKeyPeopleInput,
  UpdateOrganisationProfileInput,
} from './profiles.inputs';
import { inTransaction, type OrganisationRow, type ProfilesRepo } from './profiles.repo';
import type {
  FeaturedOrganisationCategory,
  OrganisationDocument,
  OrganisationProfileView,
  ProjectRecord,
} from './profiles.types';

export interface OrganisationProfileDeps {
  repo: ProfilesRepo;
  requireOrganisationRole: RequireOrganisationRole;
  newId: () => string;
}

const emptyRelations = (): Pick<OrganisationDocument, 'keyPeople' | 'children' | 'relatedCompanies'> => ({
  keyPeople: [],
  children: [],
  relatedCompanies: [],
});

function view(
  row: OrganisationRow,
  doc: OrganisationDocument,
  projects: ProjectRecord[],
): OrganisationProfileView {
  return {
    ...doc,
    profileId: row.id,
    accountId: row.accountId,
    version: row.version,
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt,
    withdrawnReason: row.withdrawnReason,
    projects,
  };
}

/** Organisation profiles: edited by their account's OWNERs and ADMINs, and by admins. */
export function createOrganisationProfiles(deps: OrganisationProfileDeps) {
  const { repo } = deps;

  const sourceView = async (row: OrganisationRow) => view(row, row.source, await repo.projects(row.id));

  async function requireFreeSlug(slug: string, exceptId: string | null) {
    if (await repo.slugTaken('organisation', slug, exceptId)) throw new ProfileSlugTakenError(slug);
  }

  /** The pinned project must be one of this profile's projects. */
  async function checkPinnedProject(projectId: string | null, profileId: string | null) {
    if (projectId === null) return;
    const projects = profileId ? await repo.projects(profileId) : [];
    if (!projects.some((p) => p.projectId === projectId))
      throw new ProfileLinkNotFoundError('The pinned project', projectId);
  }

  async function stale(id: string, fallback: number): Promise<never> {
    throw new StaleProfileVersionError(id, (await repo.organisation(id))?.version ?? fallback);
  }

  /** Writes a new draft over `version` (the relations given, or the draft's own). */
  async function save(viewer: Viewer, row: OrganisationRow, version: number, doc: OrganisationDocument) {
    if (row.version !== version) throw new StaleProfileVersionError(row.id, row.version);
    await requireFreeSlug(doc.slug, row.id);
    await checkOrganisationLinks(repo, doc, row.id);
    await checkPinnedProject(doc.pinnedProject, row.id);
    const saved = await repo.saveOrganisation(row.id, version, doc, viewer.userId);
    return saved ? sourceView(saved) : stale(row.id, row.version);
  }

  return {
    /**
     * Saves the draft. Without a profileId it creates the organisation account's profile: the reader must
     * be an OWNER or ADMIN there (admins may create any), and version 0 says there is none yet.
     */
    async update(viewer: Viewer, input: UpdateOrganisationProfileInput): Promise<OrganisationProfileView> {
      const { profile } = input;
      if (input.profileId) {
        const row = await editableOrganisation(deps, viewer, input.profileId);
        return save(viewer, row, input.version, { ...profile, ...relationsOf(row.source) });
      }
      const { accountId } = input;
      if (accountId === null) {
        // An editorial profile belongs to no account: only admins create one.
        if (!viewer.isBofAdmin) throw new UnauthorizedError(viewer.userId);
        if (input.version !== 0) throw new StaleProfileVersionError(null, 0);
      } else {
        if (!viewer.isBofAdmin) await deps.requireOrganisationRole(accountId, viewer.userId, PROFILE_EDITORS);
        const existing = await repo.organisationOfAccount(accountId);
        if (existing || input.version !== 0)
          throw new StaleProfileVersionError(existing?.id ?? null, existing?.version ?? 0);
      }
      const doc: OrganisationDocument = { ...profile, ...emptyRelations() };
      await requireFreeSlug(doc.slug, null);
      await checkOrganisationLinks(repo, doc, null);
      try {
        const row = await repo.insertOrganisation({
          id: deps.newId(),
          accountId,
          source: doc,
          updatedBy: viewer.userId,
        });
        return sourceView(row);
      } catch (error) {
        // Two creates at once: the unique account index refused the second, which started from a stale 0.
        const raced =
          accountId !== null && hasErrorCode(error, 'profile_slug_taken')
            ? await repo.organisationOfAccount(accountId)
            : null;
        if (raced) throw new StaleProfileVersionError(raced.id, raced.version);
        throw error;
      }
    },

    async updateChildren(viewer: Viewer, input: UpdateOrganisationChildrenInput) {
      const row = await editableOrganisation(deps, viewer, input.profileId);
      return save(viewer, row, input.version, {
        ...row.source,
        children: input.children,
        relatedCompanies: input.relatedCompanies,
      });
    },

    async updateKeyPeople(viewer: Viewer, input: UpdateOrganisationKeyPeopleInput) {
      const row = await editableOrganisation(deps, viewer, input.profileId);
      return save(viewer, row, input.version, { ...row.source, keyPeople: input.keyPeople });
    },

    /** Makes the draft at `version`, with its projects as they are now, the public version. */
    async publish(viewer: Viewer, input: PublishInput): Promise<OrganisationProfileView> {
      const row = await editableOrganisation(deps, viewer, input.profileId);
      if (row.version !== input.version) throw new StaleProfileVersionError(row.id, row.version);
      await requireFreeSlug(row.source.slug, row.id);
      const published = await inTransaction(repo, async (tx) => {
        const projects = await tx.projects(row.id);
        return tx.publishOrganisation(row.id, input.version, { ...row.source, projects }, viewer.userId);
      });
      if (!published) return stale(row.id, row.version);
      return view(published, published.public!, published.public!.projects);
    },

    /** The draft with its projects, to its editors; ProfileNotFoundError to anyone else. */
    async source(viewer: Viewer, key: { profileId: string | null; accountId: string | null }) {
      if (key.profileId) return sourceView(await editableOrganisation(deps, viewer, key.profileId));
      if (!key.accountId) throw new ProfileNotFoundError();
      if (!viewer.isBofAdmin)
        await deps.requireOrganisationRole(key.accountId, viewer.userId, PROFILE_EDITORS);
      const row = await repo.organisationOfAccount(key.accountId);
      return row ? sourceView(row) : null;
    },

    async public(key: { profileId?: string | null; slug?: string | null }): Promise<OrganisationProfileView> {
      const row = key.profileId
        ? await repo.organisation(key.profileId)
        : key.slug
          ? await repo.publicOrganisationBySlug(key.slug)
          : null;
      if (!row?.public) throw new ProfileNotFoundError();
      return view(row, row.public, row.public.projects);
    },

    /**
     * The published versions of the organisations among `ids`, for the profiles that link to them
     * (careers, education, subsidiaries, related companies): one query; unknown and unpublished ids are
     * left out.
     */
    async publicByIds(ids: readonly string[]): Promise<OrganisationProfileView[]> {
      const rows = await repo.publicOrganisationsByIds(ids);
      return rows.map((row) => view(row, row.public!, row.public!.projects));
    },

    /** A page of published organisations for the directory, by name, filtered as the reader chose. */
    async directory({ first, ...filter }: OrganisationDirectoryInput): Promise<OrganisationProfileView[]> {
      const rows = await repo.organisationDirectory({ ...filter, limit: first });
      return rows.map((row) => view(row, row.public!, row.public!.projects));
    },

    async featured(category: FeaturedOrganisationCategory, limit = 24): Promise<OrganisationProfileView[]> {
      const rows = await repo.featuredOrganisations(category, limit);
      return rows.map((row) => view(row, row.public!, row.public!.projects));
    },
  };
}

/** The relations a whole-document save keeps: they change only through their own mutations. */
function relationsOf(doc: OrganisationDocument) {
  return { keyPeople: doc.keyPeople, children: doc.children, relatedCompanies: doc.relatedCompanies };
}

export type OrganisationProfiles = ReturnType<typeof createOrganisationProfiles>;
