import type { Currency } from '@bof/config/constants';
import type { BillingProvider, PlanChangePreview } from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
import { previewUpgrade, type SubscriptionUpgradePreview } from '@bof/billing/proration';
import { taxFor, taxOn, type TaxInfo } from '@bof/billing/tax';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { membershipFrom } from './membership';

export interface UpgradeDeps {
  repo: Pick<
    BillingRepo,
    'subscriptionsOf' | 'findPurchase' | 'claimPurchase' | 'settlePurchase' | 'syncSubscription'
  >;
  provider: Pick<BillingProvider, 'changePlan' | 'getBillingInfo' | 'previewPlanChange'>;
  now: () => Date;
}

async function upgradeable(deps: UpgradeDeps, userId: string, planCode: string) {
  const now = deps.now();
  const subs = await deps.repo.subscriptionsOf(userId);
  const membership = membershipFrom(subs, now);
  const current = subs.find((s) => s.uuid === membership.subscriptionUuid);
  const target = findPlan(planCode);
  if (
    !current ||
    !membership.plan ||
    (membership.status !== 'ActiveRenewing' && membership.status !== 'ActiveTrial')
  ) {
    throw new SubscriptionUpgradeError('You have no active membership to upgrade.');
  }
  if (!target || !membership.plan.upgradesTo.includes(target.code)) {
    throw new SubscriptionUpgradeError('Your membership cannot be upgraded to that plan.');
  }
  const billing = await deps.provider.getBillingInfo(current.accountCode);
  const currency = current.currency as Currency;
  const tax = taxFor(billing?.countryCode ?? 'US');
  if (deps.provider.previewPlanChange) {
    // The provider prices the change itself (Recurly): show its figures, so the charge equals them.
    const priced = await deps.provider.previewPlanChange({
      uuid: current.uuid,
      planCode: target.code,
      unitAmount: target.prices[currency],
    });
    return { current, target, preview: fromProvider(currency, target.prices[currency], tax, priced) };
  }
  const preview = previewUpgrade({
    currency,
    currentFee: current.unitAmount,
    newFee: target.prices[currency],
    termStartsAt: current.currentPeriodStartedAt,
    termEndsAt: current.currentPeriodEndsAt,
    now,
    tax,
    inTrial: membership.status === 'ActiveTrial',
  });
  return { current, target, preview };
}

/** A provider's priced change as the spec's preview; the yearly figures stay the catalogue's. */
function fromProvider(
  currency: Currency,
  newFee: number,
  tax: TaxInfo,
  priced: PlanChangePreview,
): SubscriptionUpgradePreview {
  const type = priced.taxInfo?.type.toUpperCase();
  const taxInfo: TaxInfo = priced.taxInfo
    ? {
        rate: priced.taxInfo.rate,
        region: priced.taxInfo.region || tax.region,
        type: type === 'VAT' || type === 'GST' ? type : tax.type,
      }
    : tax;
  const total = newFee + taxOn(newFee, taxInfo);
  return {
    currency,
    planFee: newFee,
    planFeePerMonth: Math.round(newFee / 12),
    proRata: priced.credit,
    taxAmount: priced.tax,
    taxInfo,
    dueToday: priced.charge + priced.credit + priced.tax,
    total,
    totalPerMonth: Math.round(total / 12),
  };
}

/** Spec §3 SubscriptionUpgradePreview: what an upgrade to `planCode` costs today and from renewal. */
export async function previewSubscriptionUpgrade(
  deps: UpgradeDeps,
  input: { userId: string; planCode: string },
): Promise<SubscriptionUpgradePreview> {
  return (await upgradeable(deps, input.userId, input.planCode)).preview;
}

/**
 * Upgrades at once, charging exactly the previewed amount, once per idempotency key.
 * @throws SubscriptionUpgradeError when there is nothing to upgrade, or the charge fails.
 */
export async function purchaseSubscriptionUpgrade(
  deps: UpgradeDeps,
  input: { userId: string; planCode: string; idempotencyKey: string },
): Promise<{ subscription: SubscriptionRecord; charged: number }> {
  const earlier = await deps.repo.findPurchase(input.idempotencyKey);
  if (earlier?.status === 'succeeded' && earlier.userId === input.userId) {
    const sub = (await deps.repo.subscriptionsOf(input.userId)).find(
      (s) => s.uuid === earlier.subscriptionUuid,
    );
    if (sub) return { subscription: sub, charged: earlier.amountCharged ?? 0 };
  }
  if (earlier && earlier.userId !== input.userId)
    throw new SubscriptionUpgradeError('This payment was already used.');
  const { current, target, preview } = await upgradeable(deps, input.userId, input.planCode);
  if (!earlier) {
    await deps.repo.claimPurchase({
      idempotencyKey: input.idempotencyKey,
      userId: input.userId,
      kind: 'upgrade',
      planCode: target.code,
      currency: preview.currency,
    });
  }
  try {
    const result = await deps.provider.changePlan({
      uuid: current.uuid,
      planCode: target.code,
      unitAmount: preview.planFee,
      charge: preview.dueToday - preview.taxAmount,
      taxRate: preview.taxInfo.rate,
      idempotencyKey: input.idempotencyKey,
    });
    const subscription = await deps.repo.syncSubscription(input.userId, result.subscription);
    const charged = result.invoice?.total ?? 0;
    await deps.repo.settlePurchase(input.idempotencyKey, {
      status: 'succeeded',
      subscriptionUuid: subscription.uuid,
      amountCharged: charged,
    });
    return { subscription, charged };
  } catch (error) {
    await deps.repo.settlePurchase(input.idempotencyKey, { status: 'failed', message: String(error) });
    throw new SubscriptionUpgradeError(
      'We could not take the payment for the upgrade, and you have not been charged.',
    );
  }
}
