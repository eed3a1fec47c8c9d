import type { Viewer } from '../../auth/viewer';
import { hasErrorCode } from '../../errors/domain-error';
import { editablePerson, mayEditPerson } from './profile-access';
import { checkPersonLinks } from './profile-links-check';
import {
  PersonProfileExistsError,
  ProfileNotFoundError,
  ProfileSlugTakenError,
  StaleProfileVersionError,
} from './profiles.errors';
import type { PersonDirectoryInput, PublishInput, UpdatePersonProfileInput } from './profiles.inputs';
import type { PersonRow, ProfilesRepo } from './profiles.repo';
import type { PersonDocument, PersonProfileView } from './profiles.types';

export interface PersonProfileDeps {
  repo: ProfilesRepo;
  newId: () => string;
}

async function view(repo: ProfilesRepo, row: PersonRow, doc: PersonDocument): Promise<PersonProfileView> {
  const badges = (await repo.badgesOf([row.id])).get(row.id) ?? [];
  return {
    ...doc,
    profileId: row.id,
    version: row.version,
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt,
    withdrawnReason: row.withdrawnReason,
    ownerUserId: row.ownerUserId,
    profileBadges: badges,
  };
}

async function requireFreeSlug(repo: ProfilesRepo, slug: string, exceptId: string | null) {
  if (await repo.slugTaken('person', slug, exceptId)) throw new ProfileSlugTakenError(slug);
}

/** Person profiles: a reader's own, admins' any; drafts (Source) and published versions (Public). */
export function createPersonProfiles({ repo, newId }: PersonProfileDeps) {
  return {
    /** The reader's own profile, as a first draft (version 1); one per reader. */
    async create(viewer: Viewer, doc: PersonDocument): Promise<PersonProfileView> {
      const existing = await repo.personOf(viewer.userId);
      if (existing) throw new PersonProfileExistsError(existing.id);
      await requireFreeSlug(repo, doc.slug, null);
      await checkPersonLinks(repo, doc);
      try {
        const row = await repo.insertPerson({
          id: newId(),
          ownerUserId: viewer.userId,
          source: doc,
          updatedBy: viewer.userId,
        });
        return view(repo, row, row.source);
      } catch (error) {
        // Two creates at once: the unique owner index refused the second; say so, not "slug taken".
        const raced = hasErrorCode(error, 'profile_slug_taken') ? await repo.personOf(viewer.userId) : null;
        if (raced) throw new PersonProfileExistsError(raced.id);
        throw error;
      }
    },

    /** Saves the draft over `version`; a stale version is refused (StaleProfileVersionError). */
    async update(viewer: Viewer, input: UpdatePersonProfileInput): Promise<PersonProfileView> {
      const row = await editablePerson(repo, viewer, input.profileId);
      if (row.version !== input.version) throw new StaleProfileVersionError(row.id, row.version);
      await requireFreeSlug(repo, input.profile.slug, row.id);
      await checkPersonLinks(repo, input.profile);
      const saved = await repo.savePerson(row.id, input.version, input.profile, viewer.userId);
      if (!saved)
        throw new StaleProfileVersionError(row.id, (await repo.person(row.id))?.version ?? row.version);
      return view(repo, saved, saved.source);
    },

    /** Makes the draft at `version` public; later draft saves stay private until published again. */
    async publish(viewer: Viewer, input: PublishInput): Promise<PersonProfileView> {
      const row = await editablePerson(repo, viewer, input.profileId);
      if (row.version !== input.version) throw new StaleProfileVersionError(row.id, row.version);
      await requireFreeSlug(repo, row.source.slug, row.id);
      const published = await repo.publishPerson(row.id, input.version, row.source, viewer.userId);
      if (!published)
        throw new StaleProfileVersionError(row.id, (await repo.person(row.id))?.version ?? row.version);
      return view(repo, published, published.public!);
    },

    /**
     * The draft, to its editors only: by id, or the reader's own when no id is given (null when they have
     * none). Someone else's draft is ProfileNotFoundError, as an unknown id is.
     */
    async source(viewer: Viewer, profileId: string | null): Promise<PersonProfileView | null> {
      const row = profileId
        ? await editablePerson(repo, viewer, profileId)
        : await repo.personOf(viewer.userId);
      return row ? view(repo, row, row.source) : null;
    },

    /** The published version, by id or slug; ProfileNotFoundError when there is none. */
    async public(key: { profileId?: string | null; slug?: string | null }): Promise<PersonProfileView> {
      const row = key.profileId
        ? await repo.person(key.profileId)
        : key.slug
          ? await repo.publicPersonBySlug(key.slug)
          : null;
      if (!row?.public) throw new ProfileNotFoundError();
      return view(repo, row, row.public);
    },

    /**
     * The published versions of the people among `ids`, for the profiles that link to them (an
     * organisation's key people): two queries whatever the number; unknown and unpublished ids are left out.
     */
    async publicByIds(ids: readonly string[]): Promise<PersonProfileView[]> {
      const rows = await repo.publicPeopleByIds(ids);
      const badges = await repo.badgesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...row.public!,
        profileId: row.id,
        version: row.version,
        publishedVersion: row.publishedVersion,
        publishedAt: row.publishedAt,
        withdrawnReason: null,
        ownerUserId: row.ownerUserId,
        profileBadges: badges.get(row.id) ?? [],
      }));
    },

    /** A page of published people for the directory, by name, filtered as the reader chose. */
    async directory({ first, ...filter }: PersonDirectoryInput): Promise<PersonProfileView[]> {
      const rows = await repo.personDirectory({ ...filter, limit: first });
      const badges = await repo.badgesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...row.public!,
        profileId: row.id,
        version: row.version,
        publishedVersion: row.publishedVersion,
        publishedAt: row.publishedAt,
        withdrawnReason: null,
        ownerUserId: row.ownerUserId,
        profileBadges: badges.get(row.id) ?? [],
      }));
    },

    mayEdit: mayEditPerson,
  };
}

export type PersonProfiles = ReturnType<typeof createPersonProfiles>;
