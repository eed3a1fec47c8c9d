import type { Currency } from '@bof/config/constants';
import {
  BillingUnavailableError,
  PaymentDeclinedError,
  type BillingProvider,
} from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
import { formatMoney } from '@bof/billing/pricing';
import { upgradePreviewOf, type SubscriptionUpgradePreview } from '@bof/billing/proration';
import { taxFor } from '@bof/billing/tax';
import {
  SubscriptionUpgradeError,
  type SubscriptionUpgradeErrorReason,
} from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { membershipFrom, type Membership } from './membership';
import { claimAttempt, outageMessage, syncFromProvider, type ClaimDeps } from './purchase-claim';

export interface UpgradeDeps extends ClaimDeps {
  repo: ClaimDeps['repo'] & Pick<BillingRepo, 'subscriptionsOf' | 'settlePurchase' | 'syncSubscription'>;
  provider: Pick<
    BillingProvider,
    'changePlan' | 'getBillingInfo' | 'previewPlanChange' | 'listSubscriptions' | 'listInvoices'
  >;
}

/** What pricing an upgrade reads: the reader's subscriptions, their card's country and the provider's price. */
export interface UpgradePreviewDeps {
  repo: Pick<BillingRepo, 'subscriptionsOf'>;
  provider: Pick<BillingProvider, 'getBillingInfo' | 'previewPlanChange'>;
  now: () => Date;
}

/** What an upgrade charged: the invoice the provider holds for it (null: nothing charged, in a trial). */
export interface UpgradeReceipt {
  subscription: SubscriptionRecord;
  previousPlanCode: string;
  amountCharged: number;
  currency: Currency;
  invoiceId: string | null;
}

/** Why a membership cannot move to a plan, as the reader is told it. */
const UPGRADE_REFUSALS = {
  NO_CURRENT_SUBSCRIPTION: 'You have no active membership to upgrade.',
  PLAN_NOT_FOR_SALE: 'That plan is not available.',
  SAME_PLAN: 'You already have this plan.',
  NOT_AN_UPGRADE: 'Your membership cannot be upgraded to that plan.',
} as const satisfies Partial<Record<SubscriptionUpgradeErrorReason, string>>;
export type UpgradeRefusal = keyof typeof UPGRADE_REFUSALS;

/**
 * Whether `membership` may move to `planCode`: null when it may, else why not. Only an active
 * (renewing or trial) membership moves, and only to a plan its own plan lists in `upgradesTo`.
 */
export function upgradeRefusal(
  membership: Pick<Membership, 'status' | 'plan'>,
  planCode: string,
): UpgradeRefusal | null {
  if (!membership.plan || (membership.status !== 'ActiveRenewing' && membership.status !== 'ActiveTrial')) {
    return 'NO_CURRENT_SUBSCRIPTION';
  }
  if (!findPlan(planCode)) return 'PLAN_NOT_FOR_SALE';
  if (membership.plan.code === planCode) return 'SAME_PLAN';
  if (!membership.plan.upgradesTo.includes(planCode)) return 'NOT_AN_UPGRADE';
  return null;
}

const refused = (refusal: UpgradeRefusal) => new SubscriptionUpgradeError(UPGRADE_REFUSALS[refusal], refusal);

/** The reader's upgradeable subscription and the provider's price for changing it to `planCode` now. */
async function upgradeable(deps: UpgradePreviewDeps, userId: string, planCode: string) {
  const now = deps.now();
  const subs = await deps.repo.subscriptionsOf(userId);
  const membership = membershipFrom(subs, now);
  const current = subs.find((s) => s.uuid === membership.subscriptionUuid);
  if (!current) throw refused('NO_CURRENT_SUBSCRIPTION');
  const refusal = upgradeRefusal(membership, planCode);
  if (refusal) throw refused(refusal);
  const target = findPlan(planCode)!;
  const currency = current.currency as Currency;
  // The provider prices the change (its proration and tax; nothing during a trial), so the charge it
  // makes is the figure shown. The table's tax stands in only where the provider names none.
  const billing = await deps.provider.getBillingInfo(current.accountCode);
  const priced = await deps.provider.previewPlanChange({
    uuid: current.uuid,
    planCode: target.code,
    unitAmount: target.prices[currency],
  });
  const preview = upgradePreviewOf(
    currency,
    target.prices[currency],
    taxFor(billing?.countryCode ?? ''),
    priced,
  );
  return { current, target, preview };
}

/**
 * Spec §3 SubscriptionUpgradePreview: what an upgrade to `planCode` costs today and from renewal.
 * @throws SubscriptionUpgradeError when there is nothing to upgrade; BillingUnavailableError when the
 * provider cannot price it (an outage: not the same as "nothing to upgrade").
 */
export async function previewSubscriptionUpgrade(
  deps: UpgradePreviewDeps,
  input: { userId: string; planCode: string },
): Promise<SubscriptionUpgradePreview> {
  return (await upgradeable(deps, input.userId, input.planCode)).preview;
}

/**
 * Upgrades at once, charging the previewed amount the reader confirmed (`expectedDueToday`), once per
 * idempotency key. The provider prices the change again first: if the price is no longer the one the
 * reader saw (a day has turned, the card's country changed), nothing is charged and the reader is asked
 * to confirm the new price. The receipt reports the invoice the provider actually charged.
 * @throws SubscriptionUpgradeError when there is nothing to upgrade, the price changed, or the charge failed.
 */
export async function purchaseSubscriptionUpgrade(
  deps: UpgradeDeps,
  input: {
    userId: string;
    planCode: string;
    currency: Currency;
    idempotencyKey: string;
    expectedDueToday: number;
  },
): Promise<UpgradeReceipt> {
  const claim = await claimAttempt(
    deps,
    {
      idempotencyKey: input.idempotencyKey,
      userId: input.userId,
      kind: 'upgrade',
      planCode: input.planCode,
      currency: input.currency,
    },
    { declinedIsFinal: false },
  );
  if (claim.kind === 'mismatch') {
    throw new SubscriptionUpgradeError('This payment was already used.', 'IDEMPOTENCY_KEY_REUSED');
  }
  if (claim.kind === 'busy') {
    throw new SubscriptionUpgradeError(
      'Your payment is still being processed. Please wait a moment.',
      'UPGRADE_IN_PROGRESS',
    );
  }
  if (claim.kind === 'settled') {
    const { earlier } = claim;
    if (earlier.status === 'declined') {
      throw new SubscriptionUpgradeError(earlier.message ?? 'Declined.', 'PAYMENT_DECLINED');
    }
    const subscription = (await deps.repo.subscriptionsOf(input.userId)).find(
      (s) => s.uuid === earlier.subscriptionUuid,
    );
    if (!subscription) {
      throw new SubscriptionUpgradeError(
        'We could not find your membership. Please reload.',
        'SUBSCRIPTION_NOT_FOUND',
      );
    }
    return {
      subscription,
      previousPlanCode: earlier.previousPlanCode ?? '',
      amountCharged: earlier.amountCharged ?? 0,
      currency: earlier.currency as Currency,
      invoiceId: earlier.invoiceId,
    };
  }
  const refuse = async (reason: SubscriptionUpgradeErrorReason, message: string) => {
    await deps.repo.settlePurchase(input.idempotencyKey, { status: 'refused', message });
    return new SubscriptionUpgradeError(message, reason);
  };

  const earlier = claim.earlier;
  if (earlier && (earlier.status === 'failed' || earlier.status === 'pending')) {
    // A retry after a lost answer: if the change went through, that charge is the answer.
    const resolved = await resolveLostUpgrade(deps, input, earlier.createdAt).catch(() => null);
    if (resolved) return resolved;
  }

  let checked;
  try {
    checked = await upgradeable(deps, input.userId, input.planCode);
  } catch (error) {
    if (error instanceof SubscriptionUpgradeError) throw await refuse(error.reason, error.message);
    await deps.repo.settlePurchase(input.idempotencyKey, { status: 'refused', message: String(error) });
    throw new SubscriptionUpgradeError(outageMessage(false), 'BILLING_UNAVAILABLE');
  }
  const { current, target, preview } = checked;
  if (preview.currency !== input.currency) {
    throw await refuse('CURRENCY_MISMATCH', `Your membership is billed in ${preview.currency}.`);
  }
  if (preview.dueToday !== input.expectedDueToday) {
    throw await refuse(
      'PRICE_CHANGED',
      `The price of this upgrade is now ${formatMoney(preview.dueToday, preview.currency)}. Please review it and confirm again.`,
    );
  }

  let result;
  try {
    result = await deps.provider.changePlan({
      uuid: current.uuid,
      planCode: target.code,
      unitAmount: preview.planFee,
      idempotencyKey: input.idempotencyKey,
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await deps.repo.settlePurchase(input.idempotencyKey, { status: 'declined', message: error.message });
      throw new SubscriptionUpgradeError(error.message, 'PAYMENT_DECLINED');
    }
    const mayHaveCharged = !(error instanceof BillingUnavailableError) || error.mayHaveCharged;
    await deps.repo.settlePurchase(input.idempotencyKey, {
      status: mayHaveCharged ? 'failed' : 'refused',
      message: String(error),
    });
    console.error('Billing provider plan change failed', error);
    throw new SubscriptionUpgradeError(
      outageMessage(mayHaveCharged),
      mayHaveCharged ? 'PAYMENT_UNCONFIRMED' : 'BILLING_UNAVAILABLE',
    );
  }
  const amountCharged = result.invoice?.paid ?? 0;
  if (amountCharged !== input.expectedDueToday) {
    // The provider priced it differently between our check and its charge: report what it charged.
    console.error(
      `Upgrade ${input.idempotencyKey} charged ${amountCharged}, the reader confirmed ${input.expectedDueToday}`,
    );
  }
  const subscription = await deps.repo.syncSubscription(input.userId, result.subscription);
  await deps.repo.settlePurchase(input.idempotencyKey, {
    status: 'succeeded',
    subscriptionUuid: subscription.uuid,
    amountCharged,
    invoiceId: result.invoice?.id ?? null,
    // The plan it replaced, for the receipt of a repeated request.
    previousPlanCode: current.planCode,
  });
  return {
    subscription,
    previousPlanCode: current.planCode,
    amountCharged,
    currency: preview.currency,
    invoiceId: result.invoice?.id ?? null,
  };
}

/** The change a lost answer made, read back from the provider; null when it made none. */
async function resolveLostUpgrade(
  deps: UpgradeDeps,
  input: { userId: string; planCode: string; idempotencyKey: string },
  attemptedAt: Date,
): Promise<UpgradeReceipt | null> {
  const before = await deps.repo.subscriptionsOf(input.userId);
  const subs = await syncFromProvider(deps, input.userId);
  const changed = subs.find(
    (s) =>
      s.planCode === input.planCode &&
      s.providerUpdatedAt !== null &&
      s.providerUpdatedAt.getTime() >= attemptedAt.getTime() - 5 * 60_000,
  );
  if (!changed) return null;
  const previous = before.find((s) => s.uuid === changed.uuid)?.planCode ?? null;
  const invoice = (await deps.provider.listInvoices(changed.accountCode))
    .filter((i) => i.subscriptionUuid === changed.uuid && i.planCode === input.planCode)
    .filter((i) => i.createdAt.getTime() >= attemptedAt.getTime() - 5 * 60_000)
    .at(-1);
  await deps.repo.settlePurchase(input.idempotencyKey, {
    status: 'succeeded',
    subscriptionUuid: changed.uuid,
    amountCharged: invoice?.paid ?? 0,
    invoiceId: invoice?.id ?? null,
    previousPlanCode: previous,
  });
  return {
    subscription: changed,
    previousPlanCode: previous ?? '',
    amountCharged: invoice?.paid ?? 0,
    currency: changed.currency as Currency,
    invoiceId: invoice?.id ?? null,
  };
}
