import type { Platform } from '../../platform/platform';
import type { ContentService } from '../content/content.module';
import { createFollowsRepo } from './follows.repo';
import { createFollowsService, type FollowsService } from './follows.service';

export type { FollowsService };

const exists = (lookup: Promise<unknown>) =>
  lookup.then(
    () => true,
    () => false,
  );

/**
 * Builds the follows module. Authors, sections and topics are checked against the content by slug;
 * organisation and person profiles are not in the product yet, so their keys are refused.
 */
export function createFollowsModule(platform: Platform, deps: { content: ContentService }): FollowsService {
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
        default:
          return false;
      }
    },
  });
}
