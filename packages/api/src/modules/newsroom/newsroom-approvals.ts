import { z } from 'zod';
import type { Database } from '@bof/db/client';
import type { Viewer } from '../../auth/viewer';
import type { PublicationForReview } from '../profiles/profiles.repo';
import { sanitiseText } from './newsroom.inputs';
import type { StaffMember } from './newsroom.repo';
import type { NewsroomDeps } from './newsroom.service';

type RequireStaff = (viewer: Viewer | null, need?: 'any' | 'publish' | 'manage') => Promise<StaffMember>;

/** How many publications the approvals queue shows at once (oldest first). */
export const APPROVALS_PAGE = 100;

/** The reason an editor reads when their publication is withdrawn. */
export const WITHDRAW_REASON_MAX = 1000;

/** One review as the approvals page sends it; a withdrawal must say why. */
export const profileReviewSchema = z
  .strictObject({
    kind: z.enum(['person', 'organisation'], { message: 'One of person, organisation.' }),
    profileId: z.uuid('Not a profile id.'),
    version: z.number().int('A whole version number.').min(1, 'A published version.'),
    decision: z.enum(['approve', 'withdraw'], { message: 'One of approve, withdraw.' }),
    reason: z
      .string()
      .transform(sanitiseText)
      .pipe(z.string().max(WITHDRAW_REASON_MAX, `At most ${WITHDRAW_REASON_MAX} characters.`))
      .nullish(),
  })
  .superRefine((review, ctx) => {
    if (review.decision === 'withdraw' && !review.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why it is withdrawn: its editors read this.',
      });
  });
export type ProfileReviewInput = z.output<typeof profileReviewSchema>;

/** What the approvals queue needs of the profiles module. */
export interface ProfileReviews {
  awaiting(limit: number): Promise<PublicationForReview[]>;
  /** Records a review inside the caller's transaction (`db`); throws when the version moved on. */
  review(
    db: Database,
    input: { kind: 'person' | 'organisation'; profileId: string; version: number },
    userId: string,
    withdrawal: { reason: string } | null,
  ): Promise<void>;
}

/**
 * The approvals queue (newsroom admins): profiles are published by their editors at once and reviewed
 * here afterwards. Approving records the version as reviewed; withdrawing takes the public page down, keeps
 * the draft and tells its editors why. A later publish puts the profile back in the queue. Each review
 * and its audit entry are written in one transaction.
 */
export function createApprovalUseCases(
  deps: Pick<NewsroomDeps, 'repo'> & { profileReviews?: ProfileReviews },
  requireStaff: RequireStaff,
) {
  const { repo, profileReviews } = deps;
  return {
    async profileApprovals(viewer: Viewer | null): Promise<PublicationForReview[]> {
      await requireStaff(viewer, 'manage');
      return profileReviews ? profileReviews.awaiting(APPROVALS_PAGE) : [];
    },

    async reviewProfilePublication(viewer: Viewer | null, input: ProfileReviewInput): Promise<void> {
      const admin = await requireStaff(viewer, 'manage');
      if (!profileReviews) throw new Error('The newsroom was built without the profiles module.');
      const withdrawal = input.decision === 'withdraw' ? { reason: input.reason ?? '' } : null;
      await repo.transaction(async (r) => {
        await profileReviews.review(r.db, input, admin.userId, withdrawal);
        await r.audit({
          userId: admin.userId,
          action: input.decision === 'approve' ? 'profile.approve' : 'profile.withdraw',
          subject: input.profileId,
          before: { kind: input.kind, publishedVersion: input.version },
          after:
            input.decision === 'approve'
              ? { reviewedVersion: input.version }
              : { publishedVersion: null, reason: withdrawal?.reason },
        });
      });
    },
  };
}
