import { createHmac } from 'node:crypto';
import type { Platform } from '../../platform/platform';
import { memorySource } from '../content/content-source';
import { importContentInto } from '../content/content.module';
import { loadPaywallCookieSecret } from '../session/cookie-secrets';
import { createNewsroomRepo } from './newsroom.repo';
import { createNewsroomService, type NewsroomDeps, type NewsroomService } from './newsroom.service';

export { PRESENCE_SECONDS, type NewsroomService, type NewsroomStory } from './newsroom.service';
export type { StaffMember, StoryRow, RevisionRow, AuditEntry, Taxonomy, Choice } from './newsroom.repo';
export {
  draftSchema,
  sanitiseText,
  HEADLINE_MAX,
  NEWSROOM_ROLES,
  STORY_STATUSES,
  type Draft,
  type DraftBlock,
  type NewsroomRole,
  type StoryStatus,
} from './newsroom.inputs';
export { diffDrafts } from './newsroom-diff';
export { DESK_KINDS, type DeskKind } from './newsroom-desk.inputs';
export type { DeskEntry, FrontPin } from './newsroom-desk.repo';
export { PREVIEW_LINK_HOURS } from './newsroom-preview-token';
export { APPROVALS_PAGE, WITHDRAW_REASON_MAX, type ProfileReviewInput } from './newsroom-approvals';

/** How often every process looks for scheduled stories that are due, unless told otherwise. */
export const DEFAULT_SWEEP_MS = 5_000;

export interface NewsroomModule extends NewsroomService {
  /** Stops the scheduling sweep. */
  stop(): void;
}

/**
 * The newsroom over the platform. Publishing writes through the content import (one format, one writer);
 * `announce` is the content change feed's, called inside the publishing transaction. Every process runs
 * the scheduling sweep (each due story is claimed by exactly one of them).
 */
export function createNewsroomModule(
  platform: Pick<Platform, 'db' | 'env'>,
  deps: {
    announce: NewsroomDeps['announce'];
    firstPublished?: NewsroomDeps['firstPublished'];
    profileReviews?: NewsroomDeps['profileReviews'];
    sweepMs?: number;
    now?: () => Date;
  },
): NewsroomModule {
  // Preview links are signed with a key derived from the configured cookie secret, which every process of a
  // deployment shares (the embedded defaults keep it under DATA_DIR/keys).
  const cookieSecret = loadPaywallCookieSecret({
    configured: platform.env.paywallCookieSecret,
    dataDir: platform.env.dataDir,
  });
  const previewSecret = createHmac('sha256', cookieSecret)
    .update('newsroom-preview-links')
    .digest('base64url');
  const service = createNewsroomService({
    repo: createNewsroomRepo(platform.db),
    publishRecord: async (repo, record) => {
      await importContentInto(repo.db, memorySource([{ source: 'newsroom', record: 1, value: record }]));
    },
    announce: deps.announce,
    ...(deps.firstPublished ? { firstPublished: deps.firstPublished } : {}),
    previewSecret,
    bootstrapAdmins: platform.env.newsroomAdmins,
    ...(deps.profileReviews ? { profileReviews: deps.profileReviews } : {}),
    now: deps.now ?? (() => new Date()),
  });
  const sweepMs = deps.sweepMs ?? DEFAULT_SWEEP_MS;
  let running = false;
  const timer =
    sweepMs > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          service
            .sweep()
            .catch((error: unknown) => console.error('newsroom: the scheduling sweep failed', error))
            .finally(() => {
              running = false;
            });
        }, sweepMs)
      : null;
  timer?.unref();
  return {
    ...service,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
export { MEDIA_TYPES, STORY_CONTRIBUTOR_ROLES } from '../../enums/spec-enums';
export { ACCESS_TIERS, ART_MOTIFS } from '../content/content.inputs';
export { StaleRevisionError } from './newsroom.errors';
