import { BillingUnavailableError } from '@bof/billing/billing-provider';
import type { SubscriptionUpgradePreview } from '@bof/billing/proration';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import {
  describeIndividualSubscription,
  type DescribeDeps,
  type IndividualSubscription,
} from './individual-subscription';
import {
  previewSubscriptionUpgrade,
  type purchaseSubscriptionUpgrade,
  type UpgradePreviewDeps,
  type UpgradeReceipt,
} from './upgrade-subscription';

export type UpgradeInput = Parameters<typeof purchaseSubscriptionUpgrade>[1];

/** An upgrade's receipt, with the subscription as the reader is shown it. */
export interface IndividualUpgradeReceipt extends Omit<UpgradeReceipt, 'subscription'> {
  subscription: IndividualSubscription;
}

const PRICING_OUTAGE =
  'We cannot price upgrades right now: our payment provider is not answering. Please try again in a few minutes.';

/**
 * What an upgrade to `planCode` costs (previewSubscriptionUpgrade), with a provider outage as the
 * reader's answer: a SubscriptionUpgradeError whose reason is BILLING_UNAVAILABLE.
 * @throws SubscriptionUpgradeError when there is nothing to upgrade, or the provider cannot price it.
 */
export async function previewIndividualUpgrade(
  deps: UpgradePreviewDeps,
  input: { userId: string; planCode: string },
): Promise<SubscriptionUpgradePreview> {
  try {
    return await previewSubscriptionUpgrade(deps, input);
  } catch (error) {
    if (!(error instanceof BillingUnavailableError)) throw error;
    throw new SubscriptionUpgradeError(PRICING_OUTAGE, 'BILLING_UNAVAILABLE');
  }
}

export interface UpgradeIndividualDeps extends DescribeDeps {
  /** The upgrade itself (upgrade-subscription.ts): charges the confirmed price once, or nothing. */
  upgrade: (input: UpgradeInput) => Promise<UpgradeReceipt>;
}

/**
 * Upgrades and describes the subscription after it, priced for the card's billing country.
 * @throws SubscriptionUpgradeError, with its reason, as the upgrade throws it.
 */
export async function upgradeIndividualSubscription(
  deps: UpgradeIndividualDeps,
  input: UpgradeInput,
): Promise<IndividualUpgradeReceipt> {
  const receipt = await deps.upgrade(input);
  return { ...receipt, subscription: await describeIndividualSubscription(deps, receipt.subscription, '') };
}
