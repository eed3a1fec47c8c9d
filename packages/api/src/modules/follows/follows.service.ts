import type { Viewer } from '../../auth/viewer';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { StoryPage } from '../content/content.types';
import type { FollowType } from '../newsletters/newsletters.types';
import { FollowTargetNotFoundError } from './follows.errors';
import type { FollowInput } from './follows.inputs';
import type { FollowsRepo, UserFollow } from './follows.repo';

/** Whether a key of a follow type names something that exists (authors, sections and topics by slug). */
export type FollowTargetCheck = (followsType: FollowType, followsKey: string) => Promise<boolean>;

/** The newest stories of followed authors, topics and sections (slugs), a page at a time. */
export type FollowedStories = (
  followed: { authors: string[]; topics: string[]; sections: string[] },
  page: number,
  options: { since?: Date; pageSize?: number },
) => Promise<StoryPage>;

type Deps = { repo: FollowsRepo; targetExists: FollowTargetCheck; followedStories: FollowedStories };

/** Following authors, topics, sections and profiles; and the admins' view of who follows what. */
export function createFollowsService({ repo, targetExists, followedStories }: Deps) {
  return {
    /** Follows; following the same key again is a no-op that answers the existing follow. */
    async add(viewer: Viewer, input: FollowInput): Promise<UserFollow> {
      if (!(await targetExists(input.followsType, input.followsKey)))
        throw new FollowTargetNotFoundError(input.followsType, input.followsKey);
      return repo.add(viewer.userId, input.followsType, input.followsKey);
    },

    /** Stops following; removing a follow that is not there is a no-op. */
    async remove(viewer: Viewer, input: FollowInput): Promise<{ removed: boolean } & FollowInput> {
      return { removed: await repo.remove(viewer.userId, input.followsType, input.followsKey), ...input };
    },

    of: (reader: Pick<Viewer, 'userId'>, followsType: FollowType | null = null) =>
      repo.of(reader.userId, followsType),

    /**
     * The newest stories from what the reader follows (authors, topics, sections), a page at a time;
     * with `since`, only those published after it (the weekly digest). Empty when they follow nothing.
     */
    async stories(
      reader: Pick<Viewer, 'userId'>,
      page = 1,
      options: { since?: Date; pageSize?: number } = {},
    ): Promise<StoryPage> {
      const follows = await repo.of(reader.userId, null);
      const keys = (type: FollowType) =>
        follows.filter((f) => f.followsType === type).map((f) => f.followsKey);
      return followedStories(
        { authors: keys('AUTHOR_ID'), topics: keys('TAG_SLUG'), sections: keys('SITE_SECTION_ID') },
        page,
        options,
      );
    },

    /** Admins only: how many readers follow a key, and a page of them. */
    async followers(
      viewer: Viewer,
      query: { followsType: FollowType; followsKey: string; first: number; offset: number },
    ) {
      if (!viewer.isBofAdmin) throw new UnauthorizedError(viewer.userId);
      return repo.followers(query.followsType, query.followsKey, {
        limit: query.first,
        offset: query.offset,
      });
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
