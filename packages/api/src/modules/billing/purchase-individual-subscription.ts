import { findPlan, type Plan } from '@bof/billing/plans';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';
import type { SubscriptionRecord } from './billing.repo';
import {
  describeIndividualSubscription,
  type DescribeDeps,
  type IndividualSubscription,
} from './individual-subscription';
import type { PurchaseInput } from './purchase-subscription';

/** The plans the individual payment page sells; student and organisation plans have journeys of their own. */
export const INDIVIDUAL_SALE_CHANNELS: readonly Plan['channel'][] = ['individual', 'topic', 'executive'];

/** Whether `planCode` is a plan of the catalogue that a reader buys for themselves on the payment page. */
export function isSoldIndividually(planCode: string): boolean {
  const plan = findPlan(planCode);
  return plan !== undefined && INDIVIDUAL_SALE_CHANNELS.includes(plan.channel);
}

export interface PurchaseIndividualDeps extends DescribeDeps {
  /** The purchase itself (purchase-subscription.ts): idempotent, granting nothing until paid. */
  purchase: (input: PurchaseInput) => Promise<SubscriptionRecord>;
}

/**
 * Buys an individual plan and describes the subscription bought, priced for the card's billing country
 * (the one the reader chose when the provider names none).
 * @throws SubscriptionPurchaseError (PURCHASE_ERROR) for a plan not sold on the individual payment page,
 * and whatever the purchase throws.
 */
export async function purchaseIndividualSubscription(
  deps: PurchaseIndividualDeps,
  input: PurchaseInput,
): Promise<IndividualSubscription> {
  if (!isSoldIndividually(input.planCode)) {
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'That plan is not sold here.');
  }
  const record = await deps.purchase(input);
  return describeIndividualSubscription(deps, record, input.country);
}
