import type { Currency } from '@bof/config/constants';
import { INDIVIDUAL_PLAN_CODES, PLANS, findPlan, formatMoney } from '@bof/api/billing';
import { opens } from '@bof/paywall/entitlements';
import type { AccessLevel } from '@bof/paywall/types';
import { CURRENCY_LOCALE } from './wall-currency';

/** A membership offered on a pay wall: its name, yearly price in the reader's currency, and where to buy it. */
export interface WallPlan {
  code: string;
  title: string;
  description: string;
  /** The yearly price, formatted for the currency (`£250.00`). */
  price: string;
  trialDays: number;
  href: string;
}

/**
 * The plans a wall offers for a story: those of the billing catalogue sold on the individual payment page
 * (the individual plans and topic packages) whose membership opens the story, cheapest first. The wall
 * reads billing only through `@bof/api/billing`'s catalogue functions (`findPlan`, `formatMoney`).
 */
export function wallPlans(access: AccessLevel, currency: Currency): WallPlan[] {
  const sold = [
    ...INDIVIDUAL_PLAN_CODES.map((code) => findPlan(code)),
    ...PLANS.filter((plan) => plan.channel === 'topic'),
  ].filter((plan) => plan !== undefined);
  return sold
    .filter((plan) => opens(plan.membershipLevel, access))
    .sort((a, b) => a.prices[currency] - b.prices[currency])
    .map((plan) => ({
      code: plan.code,
      title: plan.title,
      description: plan.description,
      price: formatMoney(plan.prices[currency], currency, CURRENCY_LOCALE[currency]),
      trialDays: plan.trialDays,
      href: `/subscriptions/individuals/payment/?${new URLSearchParams({ plan: plan.code, currency }).toString()}`,
    }));
}
