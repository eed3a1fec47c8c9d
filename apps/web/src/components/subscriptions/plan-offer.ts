import type { Currency } from '@bof/config/constants';

/** What the packages page offers the reader for one plan, given what they already have. */
export type PlanOffer =
  | { kind: 'current' }
  | { kind: 'upgrade'; href: string }
  | { kind: 'member-other' }
  | { kind: 'buy'; trial: boolean; href: string };

/** The reader as the packages page knows them: nothing when signed out. */
export interface PackagesReader {
  /** The plan of their membership, null for a reader without one (or one the plan list does not hold). */
  planCode: string | null;
  /** Whether their token says they are a member (a membership the billing provider could not name). */
  isMember: boolean;
  /** The plans their membership can be upgraded to. */
  upgradesTo: readonly string[];
  isEligibleForTrialPurchase: boolean;
}

/**
 * A member sees their plan marked as theirs and an upgrade where one exists, never a trial or a purchase
 * (the payment page would refuse it); anyone else buys, with the trial when the plan has one and they may
 * have it (signed out, the plan's trial is shown: the payment page asks them to sign in first).
 */
export function planOffer(input: {
  plan: { code: string; trialDays: number };
  currency: Currency;
  reader: PackagesReader | null;
}): PlanOffer {
  const { plan, currency, reader } = input;
  if (reader?.isMember) {
    if (reader.planCode === plan.code) return { kind: 'current' };
    if (reader.upgradesTo.includes(plan.code))
      return {
        kind: 'upgrade',
        href: `/subscriptions/upgrade/payment/?plan=${encodeURIComponent(plan.code)}`,
      };
    return { kind: 'member-other' };
  }
  return {
    kind: 'buy',
    trial: plan.trialDays > 0 && (reader?.isEligibleForTrialPurchase ?? true),
    href: `/subscriptions/individuals/payment/?${new URLSearchParams({ plan: plan.code, currency }).toString()}`,
  };
}
