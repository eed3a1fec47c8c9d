import { randomUUID } from 'node:crypto';
import type { Database } from '@bof/db/client';
import type { Platform } from '../../platform/platform';
import type { OrganisationsModule } from '../organisations/organisations.module';
import { createOrganisationProfiles } from './organisation-profiles';
import { createPersonProfiles } from './person-profiles';
import { createProfileProjects } from './profile-projects';
import type { Bof500SearchInput } from './profiles.inputs';
import { PublicationChangedError } from './profiles.errors';
import { createProfilesRepo, type PublicationForReview } from './profiles.repo';
import type { PersonProfileView } from './profiles.types';

/** The collection the BoF 500 index is. */
export const BOF500_COLLECTION = 'bof-500';

export interface Bof500Entry {
  profile: PersonProfileView;
  year: number;
  category: string;
}

/**
 * Builds the profiles module: person and organisation profiles, projects, collections (the BoF 500).
 * Organisation roles come from the organisations module (OWNER and ADMIN edit their profile).
 */
export function createProfilesModule(
  platform: Pick<Platform, 'db'>,
  deps: { organisations: Pick<OrganisationsModule, 'requireOrganisationRole'> },
) {
  const repo = createProfilesRepo(platform.db);
  const shared = {
    repo,
    newId: randomUUID,
    requireOrganisationRole: deps.organisations.requireOrganisationRole,
  };
  return {
    people: createPersonProfiles(shared),
    organisations: createOrganisationProfiles(shared),
    projects: createProfileProjects(shared),
    collections: () => repo.collections(),
    reviews: {
      /** Publications awaiting the newsroom's review, oldest first. */
      awaiting: (limit: number): Promise<PublicationForReview[]> => repo.awaitingReview(limit),
      /**
       * Approves the published `version`, or withdraws it (the public page goes, the draft stays, its
       * editors see the reason), inside the caller's transaction `db` (the newsroom writes its audit entry
       * with it). PublicationChangedError when that version is no longer the published one.
       */
      async review(
        db: Database,
        input: { kind: 'person' | 'organisation'; profileId: string; version: number },
        userId: string,
        withdrawal: { reason: string } | null,
      ): Promise<void> {
        const done = await createProfilesRepo(db).reviewPublication(
          input.kind,
          input.profileId,
          input.version,
          userId,
          withdrawal,
        );
        if (!done) throw new PublicationChangedError();
      },
    },

    /** The addresses of published SEO profiles (people, then organisations), at most `limit` of each. */
    seoLocations: (limit: number) => repo.seoLocations(limit),

    /** The years the BoF 500 has people for, newest first. */
    bof500Years: () => repo.collectionYears(BOF500_COLLECTION),

    /** Published BoF 500 people matching a name prefix, category, country and year; newest year first. */
    async bof500Search(input: Bof500SearchInput): Promise<Bof500Entry[]> {
      const rows = await repo.collectionSearch(BOF500_COLLECTION, {
        name: input.name,
        category: input.category,
        country: input.country,
        year: input.year,
        limit: input.first,
      });
      return rows.map((row) => ({
        year: row.year,
        category: row.category,
        profile: {
          ...row.public,
          profileId: row.id,
          version: row.version,
          publishedVersion: row.publishedVersion,
          publishedAt: row.publishedAt,
          withdrawnReason: null,
          ownerUserId: row.ownerUserId,
          profileBadges: row.badges,
        },
      }));
    },
  };
}

export type ProfilesModule = ReturnType<typeof createProfilesModule>;
