import type { GraphQLContext } from '../../context';
import { createViewerService } from './viewer.service';

/** The viewer service for one request, over the personal details' store and the request's memberships. */
export function viewerServiceFor(ctx: GraphQLContext) {
  return createViewerService({
    repo: ctx.services.personalDetails.repo,
    memberships: ctx.membershipRecords,
  });
}
