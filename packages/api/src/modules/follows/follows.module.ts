import type { Platform } from '../../platform/platform';
import type { ContentService } from '../content/content.module';
import type { ProfilesModule } from '../profiles/profiles.module';
import { createFollowsRepo } from './follows.repo';
import { createFollowsService, type FollowsService } from './follows.service';

export type { FollowsService };

const exists = (lookup: Promise<unknown>) =>
  lookup.then(
    () => true,
    () => false,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Builds the follows module. Authors, sections and topics are checked against the content by slug;
 * organisation and person profiles by id, and only published ones can be followed.
 */
export function createFollowsModule(
  platform: Platform,
  deps: { content: ContentService; profiles: Pick<ProfilesModule, 'people' | 'organisations'> },
): FollowsService {
  return createFollowsService({
    repo: createFollowsRepo(platform.db),
    followedStories: (followed, page, options) => deps.content.followedStories(followed, page, options),
    targetExists: async (followsType, followsKey) => {
      switch (followsType) {
        case 'AUTHOR_ID':
          return exists(deps.content.author(followsKey));
        case 'SITE_SECTION_ID':
          return exists(deps.content.section(followsKey));
        case 'TAG_SLUG':
          return exists(deps.content.topic(followsKey));
        case 'PERSON_PROFILE_ID':
          return UUID.test(followsKey) && exists(deps.profiles.people.public({ profileId: followsKey }));
        case 'ORGANISATION_PROFILE_ID':
          return (
            UUID.test(followsKey) && exists(deps.profiles.organisations.public({ profileId: followsKey }))
          );
        default:
          return false;
      }
    },
  });
}
