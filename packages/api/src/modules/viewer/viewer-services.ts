import type { GraphQLContext } from '../../context';
import { createUserDataRepo } from './user-data.repo';
import { createViewerService } from './viewer.service';

/** The viewer service for one request, over the platform's database and the context's ports. */
export function viewerServiceFor(ctx: GraphQLContext) {
  return createViewerService({
    repo: createUserDataRepo(ctx.platform.db),
    memberships: ctx.membershipRecords,
  });
}
