import type { MembershipLevel, MembershipType } from '@bof/config/enums';
import { PLANS } from '@bof/billing/plans';

/** Whether the viewer may buy, trial or upgrade an individual membership (spec §3 Viewer). */
export interface IndividualMembershipEligibility {
  isEligibleForPurchase: boolean;
  isEligibleForTrialPurchase: boolean;
  isEligibleForUpgrade: boolean;
}

/**
 * Decides individual-membership eligibility. A reader without any membership may buy one; a trial
 * only if they have never held an individual subscription; an individual member may upgrade when the
 * plan catalogue offers an upgrade from their level. Group, partner and student members buy nothing
 * individually.
 */
export function decideIndividualMembershipEligibility(input: {
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  hasHadIndividualSubscription: boolean;
}): IndividualMembershipEligibility {
  const hasNoMembership = input.membershipType === 'None' && input.membershipLevel === 'None';
  const canUpgrade =
    input.membershipType === 'Individual' &&
    PLANS.some(
      (plan) =>
        plan.membershipType === 'Individual' &&
        plan.membershipLevel === input.membershipLevel &&
        plan.upgradesTo.length > 0,
    );
  return {
    isEligibleForPurchase: hasNoMembership,
    isEligibleForTrialPurchase: hasNoMembership && !input.hasHadIndividualSubscription,
    isEligibleForUpgrade: canUpgrade,
  };
}
