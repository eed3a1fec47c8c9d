import { opens } from '@bof/paywall/entitlements';
import {
  decideGiftCreation,
  decideGiftOpening,
  type GiftStatus,
  type StoryGiftPolicy,
} from '@bof/paywall/gifts';
import type { Reader } from '@bof/paywall/types';
import type { Viewer } from '../../auth/viewer';
import { storyPath } from '../content/content.service';
import {
  caseStudyNotFound,
  giftNotFound,
  giftRefused,
  reportNotIncluded,
  storyNotFound,
} from './access.errors';
import type { AccessRepo, GiftRow } from './access.repo';
import { pdfViewerLink } from './pdf-viewer-link';
import { signGiftToken, verifyGiftToken } from './story-gift-token';

export interface StoryGiftView {
  id: string;
  articleId: string;
  headline: string;
  storyGiftUrl: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  readers: number;
  maxReaders: number;
}

/** What a gift link did for a request (the page says why a link did not open the story). */
export type GiftRedemption =
  { status: 'opened'; giftId: string } | { status: Exclude<GiftStatus, 'opened'>; giftId?: string };

const readerOf = (viewer: Viewer): Reader => ({
  userId: viewer.userId,
  membershipLevel: viewer.membershipLevel,
  membershipType: viewer.membershipType,
  isBofAdmin: viewer.isBofAdmin,
});

/**
 * The access module's use cases outside the story request path: story gifts (create, list, revoke, open)
 * and PDF viewer links. The rules themselves are packages/paywall's; this reads and writes through the
 * repo and signs the links.
 */
export function createAccessService(deps: {
  repo: Pick<AccessRepo, 'stories' | 'gifts'>;
  /** Signs gift tokens and PDF viewer links. */
  secret: string;
  siteUrl: string;
  policy: StoryGiftPolicy;
}) {
  const { repo, policy } = deps;

  const viewOf = (row: GiftRow): StoryGiftView => ({
    id: row.id,
    articleId: row.articleId,
    headline: row.headline,
    storyGiftUrl: `${deps.siteUrl}${storyPath({
      kind: row.kind,
      slug: row.slug,
      section: { slug: row.sectionSlug },
    })}?gift=${signGiftToken(deps.secret, row.id, row.articleId)}`,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    readers: row.readers,
    maxReaders: row.maxReaders,
  });

  return {
    /** How many gifts the viewer may still create this calendar month. */
    async remainingGifts(viewer: Viewer, now: Date): Promise<number> {
      return Math.max(0, policy.perMonth - (await repo.gifts.countThisMonth(viewer.userId, now)));
    },

    /**
     * Gifts a story: refused (with its code) unless the viewer is a member whose membership opens the
     * story (admins may gift any), the story is not free, and the month's gifts are not used up.
     */
    async createGift(viewer: Viewer, articleId: string, now: Date): Promise<StoryGiftView> {
      const story = await repo.stories.byId(articleId);
      if (!story) throw storyNotFound();
      const giver = readerOf(viewer);
      // Refusals that do not depend on the month's count come first, with no lock taken.
      const upfront = decideGiftCreation({ giver, article: story, giftedThisMonth: 0, policy, now });
      if (upfront.kind === 'refused') throw giftRefused(upfront.reason, policy.perMonth);
      const { value: decision, id } = await repo.gifts.createUnderLock(
        viewer.userId,
        story.id,
        now,
        (used) => {
          const decided = decideGiftCreation({ giver, article: story, giftedThisMonth: used, policy, now });
          return {
            value: decided,
            create:
              decided.kind === 'allowed'
                ? { expiresAt: decided.expiresAt, maxReaders: policy.maxReaders }
                : null,
          };
        },
      );
      if (decision.kind === 'refused' || !id)
        throw giftRefused(
          decision.kind === 'refused' ? decision.reason : 'gift_limit_reached',
          policy.perMonth,
        );
      return viewOf((await repo.gifts.byId(id))!);
    },

    /** The viewer's gifts, newest first. */
    listGifts: async (viewer: Viewer) => (await repo.gifts.ofGiver(viewer.userId)).map(viewOf),

    /** Revokes one of the viewer's own gifts; anybody else's reads as not found. */
    async revokeGift(viewer: Viewer, giftId: string, now: Date): Promise<StoryGiftView> {
      if (!(await repo.gifts.revoke(viewer.userId, giftId, now))) throw giftNotFound();
      return viewOf((await repo.gifts.byId(giftId))!);
    },

    /**
     * Opens a gift link for one request: the token must be signed for this story and the gift live. A
     * reader who holds a place reads on; `readerKey` (a user id or a browser's meter id) takes a new place
     * only when `claim` is set (a real page view) and places are left. Without a claim a live gift is
     * `unclaimed`: it does not open the story.
     */
    async redeemGift(input: {
      token: string;
      articleId: string;
      readerKey: string | null;
      claim: boolean;
      now: Date;
    }): Promise<GiftRedemption> {
      const giftId = verifyGiftToken(deps.secret, input.token, input.articleId);
      if (!giftId) return { status: 'invalid' };
      const opening = await repo.gifts.openUnderLock(giftId, input.readerKey, input.now, (state) => {
        if (state.gift.articleId !== input.articleId) return { value: null, claim: false };
        const decided = decideGiftOpening({
          ...state,
          mayClaim: input.claim && input.readerKey !== null,
          now: input.now,
        });
        return { value: decided, claim: decided.kind === 'claim' };
      });
      if (!opening) return { status: 'invalid' };
      switch (opening.kind) {
        case 'opened':
        case 'claim':
          return { status: 'opened', giftId };
        case 'unclaimed':
          return { status: 'unclaimed', giftId };
        case 'closed':
          return { status: opening.status, giftId };
      }
    },

    /**
     * A signed link to a case study's PDF report, valid for minutes, for a viewer whose membership opens
     * the case study (admins too). Gift and metered readers read the page, not the report.
     */
    async pdfViewerLink(
      viewer: Viewer,
      articleId: string,
      now: Date,
    ): Promise<{ url: string; expiresAt: Date }> {
      const story = await repo.stories.byId(articleId);
      if (!story || story.kind !== 'case_study') throw caseStudyNotFound();
      if (!viewer.isBofAdmin && !opens(viewer.membershipLevel, story.access))
        throw reportNotIncluded(viewer.userId);
      return pdfViewerLink(deps.secret, story, deps.siteUrl, now);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
