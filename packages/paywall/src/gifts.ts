import { opens } from './entitlements';
import type { AccessLevel, MembershipLevel, Reader } from './types';

/** How story gifts work (docs/access.md, "Story gifts"). */
export interface StoryGiftPolicy {
  /** Gifts a member may create per calendar month (UTC). */
  perMonth: number;
  /** How long a gift link works. */
  days: number;
  /** Distinct readers a gift link opens the story for. */
  maxReaders: number;
}

export const DEFAULT_STORY_GIFT_POLICY: StoryGiftPolicy = { perMonth: 10, days: 14, maxReaders: 10 };

/** Levels that are not a membership one may gift from. */
const NOT_GIFTING: ReadonlySet<MembershipLevel> = new Set(['None', 'Restricted']);

/** Why a reader may not gift a story; each is a stable error code. */
export type GiftRefusal = 'not_a_member' | 'story_is_free' | 'not_entitled_to_gift' | 'gift_limit_reached';

export type GiftCreationDecision =
  { kind: 'allowed'; expiresAt: Date } | { kind: 'refused'; reason: GiftRefusal };

/**
 * Whether `giver` may gift `article` now: members only (any level but None and Restricted; admins too),
 * never a free story (there is nothing to gift), only a story the giver's own membership opens (admins
 * open everything), and at most `policy.perMonth` gifts a calendar month.
 */
export function decideGiftCreation(input: {
  giver: Reader;
  article: { access: AccessLevel };
  giftedThisMonth: number;
  policy: StoryGiftPolicy;
  now: Date;
}): GiftCreationDecision {
  const { giver, article, policy } = input;
  if (!giver.isBofAdmin && NOT_GIFTING.has(giver.membershipLevel))
    return { kind: 'refused', reason: 'not_a_member' };
  if (article.access === 'free') return { kind: 'refused', reason: 'story_is_free' };
  if (!giver.isBofAdmin && !opens(giver.membershipLevel, article.access))
    return { kind: 'refused', reason: 'not_entitled_to_gift' };
  if (input.giftedThisMonth >= policy.perMonth) return { kind: 'refused', reason: 'gift_limit_reached' };
  return { kind: 'allowed', expiresAt: new Date(input.now.getTime() + policy.days * 86_400_000) };
}

/** Whether the gift button belongs on a story for this reader: when creating a gift could succeed. */
export function mayOfferGift(giver: Reader, article: { access: AccessLevel }): boolean {
  const decision = decideGiftCreation({
    giver,
    article,
    giftedThisMonth: 0,
    policy: DEFAULT_STORY_GIFT_POLICY,
    now: new Date(0),
  });
  return decision.kind === 'allowed';
}

/**
 * What a gift link did for a request, as the page tells the reader:
 * - `opened`: the story is open to this reader (they hold one of the gift's reader places);
 * - `unclaimed`: the gift is live, but this request takes no reader place (a link preview, a `HEAD` or
 *   prefetch, or a browser that keeps no cookies), so the story is not opened by it;
 * - `invalid`: not a gift of this story (edited, or another story's link);
 * - `expired`, `revoked`, `over-cap`: the gift no longer opens the story for new readers.
 */
export type GiftStatus = 'opened' | 'unclaimed' | 'invalid' | 'expired' | 'revoked' | 'over-cap';

export type GiftOpening =
  | { kind: 'opened' }
  | { kind: 'claim' }
  | { kind: 'unclaimed' }
  | { kind: 'closed'; status: 'expired' | 'revoked' | 'over-cap' };

/**
 * Whether a live gift opens its story for one request. A reader who already holds a place reads on (until
 * the link is revoked or expires); a new reader takes a place only on a request that may claim one (a real
 * page view by a browser we can recognise again) and while places are left.
 */
export function decideGiftOpening(input: {
  gift: { revokedAt: Date | null; expiresAt: Date; maxReaders: number };
  /** Distinct readers who hold a place. */
  readers: number;
  /** Whether this reader already holds one. */
  readerHoldsPlace: boolean;
  /** Whether this request may take a place. */
  mayClaim: boolean;
  now: Date;
}): GiftOpening {
  const { gift } = input;
  if (gift.revokedAt) return { kind: 'closed', status: 'revoked' };
  if (gift.expiresAt <= input.now) return { kind: 'closed', status: 'expired' };
  if (input.readerHoldsPlace) return { kind: 'opened' };
  if (input.readers >= gift.maxReaders) return { kind: 'closed', status: 'over-cap' };
  return input.mayClaim ? { kind: 'claim' } : { kind: 'unclaimed' };
}

/**
 * Link-preview fetchers of the share targets and search engines: they may keep cookies through a redirect,
 * but are never a reader, so they never take a gift's reader place.
 */
const PREVIEW_AGENTS =
  /facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|linkedinbot|slackbot|slack-imgproxy|whatsapp|telegrambot|discordbot|skypeuripreview|microsoftpreview|teams|pinterest|redditbot|applebot|googlebot|google-inspectiontool|bingbot|bingpreview|duckduckbot|yandex|baiduspider|embedly|iframely|vkshare|mastodon|bluesky|preview|crawler|spider|bot\b/i;

/** Whether a request's User-Agent names a link-preview fetcher or crawler. */
export function isPreviewAgent(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent === '' || PREVIEW_AGENTS.test(userAgent);
}
