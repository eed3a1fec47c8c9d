import { wallVariantsFor, type WallVariants } from './ab-groups';
import { ENTITLEMENTS, opens } from './entitlements';
import { allowance, readsInWindow, type MeterPolicy, type MeteredRead } from './meter';
import type { AccessLevel, Reader, WallKind } from './types';

export type AllowReason = 'free' | 'admin' | 'entitled' | 'gift' | 'already-counted' | 'verified-crawler';
export type WallReason =
  | 'anonymous-meter-exhausted'
  | 'meter-cookie-refused'
  | 'registered-meter-exhausted'
  | 'not-entitled'
  | 'topic-package'
  | 'restricted-membership';

export type AccessDecision =
  | { kind: 'allow'; reason: AllowReason }
  | { kind: 'allow-and-count'; reason: 'meter'; remainingAfter: number }
  | {
      kind: 'wall';
      wall: WallKind;
      reason: WallReason;
      topic: string | null;
      variants: WallVariants;
      /** The reader's sticky A/B groups (GROUP_ID#GROUP_NAME), which the wall's analytics carry. */
      groups: readonly string[];
      /** Who meets the wall, so that it speaks to them truthfully (a member is asked to upgrade, not join). */
      audience: WallAudience;
    };

/** Anonymous, registered without a membership (level None), or a member of any other level. */
export type WallAudience = 'anonymous' | 'registered' | 'member';

export interface AccessInput {
  article: { id: string; access: AccessLevel };
  /** Null for an anonymous reader (also for an expired or forged session token). */
  reader: Reader | null;
  /** Gated reads so far: the signed cookie's, merged with the server's for a signed-in reader. */
  meter: readonly MeteredRead[];
  /**
   * A meter cookie was there but failed verification (edited, forged, signed for another purpose), so the
   * reads are unknown: the allowance counts as spent. Tampering never grants reads; only a browser with no
   * meter cookie at all starts afresh.
   */
  meterTampered?: boolean;
  /**
   * An anonymous browser was given its meter cookie and sent round once (the meter cookie check), and came
   * back without it: it keeps no cookie, so its reads cannot be counted and no metered story opens.
   */
  meterCookieRefused?: boolean;
  /**
   * The request comes from a search crawler verified by configuration (its address in a configured range;
   * never by its user agent alone): metered stories open to it without counting. Anonymous only.
   */
  verifiedCrawler?: boolean;
  /** A gift already verified for this article, or null. */
  gift: { articleId: string } | null;
  /** The reader's sticky A/B groups, GROUP_ID#GROUP_NAME. */
  groups: readonly string[];
  policy: MeterPolicy;
  now: Date;
}

/**
 * Decides whether a reader may read an article, in this order: free articles; admins; what the
 * membership level opens (docs/access.md); a gift for this very article; topic packages and premium
 * (hard walls); then the meter for registered and members articles, which sends anonymous readers to the
 * registration wall and signed-in non-members to the pay wall once spent (a tampered meter is spent; an
 * anonymous browser that refused the meter cookie meets the registration wall; a verified crawler reads
 * metered articles without counting).
 * Pure: no I/O, clock passed in.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const { article, reader } = input;
  if (article.access === 'free') return { kind: 'allow', reason: 'free' };
  if (reader?.isBofAdmin) return { kind: 'allow', reason: 'admin' };
  if (reader && opens(reader.membershipLevel, article.access)) return { kind: 'allow', reason: 'entitled' };
  if (input.gift && input.gift.articleId === article.id) return { kind: 'allow', reason: 'gift' };

  const wall = (kind: WallKind, reason: WallReason, topic: string | null = null): AccessDecision => ({
    kind: 'wall',
    wall: kind,
    reason,
    topic,
    variants: wallVariantsFor(input.groups),
    groups: [...input.groups],
    audience: !reader ? 'anonymous' : reader.membershipLevel === 'None' ? 'registered' : 'member',
  });

  if (article.access.startsWith('topic:'))
    return wall('topic-upsell', 'topic-package', article.access.slice(6));
  if (article.access === 'premium') return wall('paywall', 'not-entitled');
  if (reader && !ENTITLEMENTS[reader.membershipLevel].metered)
    return wall('paywall', 'restricted-membership');

  if (!reader && input.verifiedCrawler) return { kind: 'allow', reason: 'verified-crawler' };
  const reads = readsInWindow(input.meter, input.now, input.policy);
  if (!reader && input.meterCookieRefused && !reads.some((r) => r.articleId === article.id))
    return wall('registration', 'meter-cookie-refused');
  if (reads.some((r) => r.articleId === article.id)) return { kind: 'allow', reason: 'already-counted' };
  const limit = allowance(reader !== null, input.policy);
  if (reads.length < limit && !input.meterTampered)
    return { kind: 'allow-and-count', reason: 'meter', remainingAfter: limit - reads.length - 1 };
  return reader
    ? wall('paywall', 'registered-meter-exhausted')
    : wall('registration', 'anonymous-meter-exhausted');
}

/**
 * Whether a decision gives the reader a case study's PDF report (docs/access.md, "PDF reports"): only when
 * the story is open to them for good, by their membership, as an admin, or because it is free. A gift or a
 * metered read opens the page, not the report (`generatePdfViewerLink` answers the same).
 */
export function opensReport(decision: AccessDecision): boolean {
  return (
    decision.kind === 'allow' &&
    (decision.reason === 'entitled' || decision.reason === 'admin' || decision.reason === 'free')
  );
}
