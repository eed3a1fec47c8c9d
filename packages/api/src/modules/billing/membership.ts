import type { MembershipLevel, MembershipStatus, MembershipType } from '@bof/config/enums';
import { findPlan, type Plan } from '@bof/billing/plans';

/** What membership needs to know of a subscription. */
export interface SubscriptionFacts {
  uuid: string;
  planCode: string;
  state: string;
  trialEndsAt: Date | null;
  expiresAt: Date | null;
  currentPeriodEndsAt: Date;
}

export interface Membership {
  level: MembershipLevel;
  type: MembershipType;
  status: MembershipStatus;
  plan: Plan | null;
  subscriptionUuid: string | null;
  /** When access ends (cancelled) or renews (active). */
  periodEndsAt: Date | null;
}

/** Higher opens more; used to pick the membership when a reader holds several subscriptions. */
const RANK: Record<MembershipLevel, number> = {
  None: 0,
  Restricted: 1,
  TopicBeauty: 2,
  NewsAndAnalysis: 3,
  Standard: 4,
  LearningAndDevelopment: 5,
  Premium: 6,
  AllAccess: 7,
};

export const NO_MEMBERSHIP: Membership = {
  level: 'None',
  type: 'None',
  status: 'None',
  plan: null,
  subscriptionUuid: null,
  periodEndsAt: null,
};

/** Whether a subscription still grants access at `now`: active (in dunning too), or cancelled but paid up. */
export function grantsAccess(sub: SubscriptionFacts, now: Date): boolean {
  if (sub.state === 'ACTIVE') return true;
  if (sub.state === 'CANCELED') return (sub.expiresAt ?? sub.currentPeriodEndsAt) > now;
  return false;
}

/**
 * The reader's membership (spec §4 status, level and type) from their subscriptions: the highest level any
 * access-granting subscription gives; Expired when they had subscriptions and none grants access any more.
 */
export function membershipFrom(subs: readonly SubscriptionFacts[], now: Date): Membership {
  const live = subs
    .filter((s) => grantsAccess(s, now))
    .map((s) => ({ sub: s, plan: findPlan(s.planCode) }))
    .filter((x): x is { sub: SubscriptionFacts; plan: Plan } => x.plan !== undefined)
    .sort((a, b) => RANK[b.plan.membershipLevel] - RANK[a.plan.membershipLevel]);
  const best = live[0];
  if (!best) return subs.length > 0 ? { ...NO_MEMBERSHIP, status: 'Expired' } : NO_MEMBERSHIP;
  const status: MembershipStatus =
    best.sub.state === 'CANCELED'
      ? 'ActiveCanceled'
      : isInTrial(best.sub, now)
        ? 'ActiveTrial'
        : 'ActiveRenewing';
  return {
    level: best.plan.membershipLevel,
    type: best.plan.membershipType,
    status,
    plan: best.plan,
    subscriptionUuid: best.sub.uuid,
    periodEndsAt: best.sub.expiresAt ?? best.sub.currentPeriodEndsAt,
  };
}

/** Whether `sub` is in its free trial at `now` (it ends at `trialEndsAt`, exclusive). */
export function isInTrial(sub: Pick<SubscriptionFacts, 'trialEndsAt'>, now: Date): boolean {
  return sub.trialEndsAt !== null && sub.trialEndsAt > now;
}

/**
 * A free trial is for readers new to membership: anyone who has held a subscription before (a trial,
 * a paid year, lapsed or not) pays from the first day.
 */
export function isEligibleForTrial(subs: readonly SubscriptionFacts[]): boolean {
  return subs.length === 0;
}

/**
 * Spec §3 individualMembershipEligibility: the rule the purchase and upgrade use, so what the viewer is
 * told matches what the mutations will do.
 */
export function eligibilityFrom(
  subs: readonly SubscriptionFacts[],
  now: Date,
): { isEligibleForPurchase: boolean; isEligibleForTrialPurchase: boolean; isEligibleForUpgrade: boolean } {
  const membership = membershipFrom(subs, now);
  const canBuy = membership.status === 'None' || membership.status === 'Expired';
  return {
    isEligibleForPurchase: canBuy,
    isEligibleForTrialPurchase: canBuy && isEligibleForTrial(subs),
    isEligibleForUpgrade:
      (membership.status === 'ActiveRenewing' || membership.status === 'ActiveTrial') &&
      (membership.plan?.upgradesTo.length ?? 0) > 0,
  };
}

/** Orders membership levels (higher opens more), for whoever compares memberships of several sources. */
export function membershipLevelRank(level: MembershipLevel): number {
  return RANK[level];
}
