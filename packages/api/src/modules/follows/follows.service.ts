import type { Viewer } from '../../auth/viewer';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { FollowType } from '../newsletters/newsletters.types';
import { FollowTargetNotFoundError } from './follows.errors';
import type { FollowInput } from './follows.inputs';
import type { FollowsRepo, UserFollow } from './follows.repo';

/** Whether a key of a follow type names something that exists (authors, sections and topics by slug). */
export type FollowTargetCheck = (followsType: FollowType, followsKey: string) => Promise<boolean>;

type Deps = { repo: FollowsRepo; targetExists: FollowTargetCheck };

/** Following authors, topics, sections and profiles; and the admins' view of who follows what. */
export function createFollowsService({ repo, targetExists }: Deps) {
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
