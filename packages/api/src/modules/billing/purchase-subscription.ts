import { CURRENCIES, type Currency } from '@bof/config/constants';
import { BillingUnavailableError, type BillingProvider } from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
import { currencyRefusal } from '@bof/billing/pricing';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { claimAttempt, outageMessage, syncFromProvider, type ClaimDeps } from './purchase-claim';
import { grantsAccess, isEligibleForTrial, membershipFrom } from './membership';

export interface PurchaseDeps extends ClaimDeps {
  repo: ClaimDeps['repo'] &
    Pick<BillingRepo, 'subscriptionsOf' | 'syncSubscription' | 'settlePurchase' | 'findPurchase'>;
  provider: Pick<BillingProvider, 'purchase' | 'listSubscriptions'>;
}

export interface PurchaseInput {
  userId: string;
  email: string;
  planCode: string;
  currency: string;
  /** The billing country the reader chose; the card's own billing address decides the tax charged. */
  country: string;
  billingToken: string;
  idempotencyKey: string;
  threeDSecureActionResultToken?: string | undefined;
  /**
   * Whether the reader asks for the plan's free trial (the default). A reader who is not eligible for
   * one buys the plan without it (`false`, the price charged today), or is refused INELIGIBLE_FOR_TRIAL.
   */
  withTrial?: boolean | undefined;
}

/** An attempt whose provider call may have gone through without us hearing the answer. */
const UNKNOWN_OUTCOME: readonly string[] = ['failed', 'pending'];
/** A subscription bought this long before the attempt was recorded is not its answer. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Buys an individual plan. The attempt is recorded under its idempotency key before the provider is
 * called, the provider receives the same key, and a reader has one attempt in flight at a time, so a
 * double click, a second tab, a retry after a timeout or a restart mid-call charges once and grants
 * once. Whether the reader may buy is decided after claiming, on the provider's own records. No
 * membership is granted until the payment succeeded (3-D Secure included). A provider outage fails
 * closed, and says whether the reader may have been charged; a retry with the same key then resolves to
 * the one charge.
 * @throws SubscriptionPurchaseError with the spec §8 code as `reason`, or SubscriptionPurchase3DSSecureError.
 */
export async function purchaseSubscription(
  deps: PurchaseDeps,
  input: PurchaseInput,
): Promise<SubscriptionRecord> {
  const plan = findPlan(input.planCode);
  if (!plan) throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'That plan is not available.');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) {
    throw new SubscriptionPurchaseError('INVALID_CURRENCY', `We do not sell in ${input.currency}.`);
  }
  const currency = input.currency as Currency;
  const refusal = currencyRefusal(currency, input.country);
  if (refusal) throw new SubscriptionPurchaseError('INVALID_CURRENCY', refusal);

  const claim = await claimAttempt(deps, {
    idempotencyKey: input.idempotencyKey,
    userId: input.userId,
    kind: 'purchase',
    planCode: plan.code,
    currency,
  });
  if (claim.kind === 'mismatch') {
    throw new SubscriptionPurchaseError(
      'TRANSACTION_ERROR',
      'This payment was already used for another purchase.',
    );
  }
  if (claim.kind === 'busy') {
    throw new SubscriptionPurchaseError(
      'TRANSACTION_ERROR',
      'Your payment is still being processed. Please wait a moment.',
    );
  }
  if (claim.kind === 'settled') {
    const { earlier } = claim;
    if (earlier.status === 'declined') {
      throw new SubscriptionPurchaseError('PURCHASE_ERROR', earlier.message ?? 'Your card was declined.');
    }
    const done = (await deps.repo.subscriptionsOf(input.userId)).find(
      (s) => s.uuid === earlier.subscriptionUuid,
    );
    if (done) return done;
    // Succeeded, but our copy is gone: read it back from the provider.
    const subs = await syncFromProvider(deps, input.userId).catch(() => []);
    const again = subs.find((s) => s.uuid === earlier.subscriptionUuid);
    if (again) return again;
    throw new SubscriptionPurchaseError(
      'TRANSACTION_ERROR',
      'We could not find your membership. Please reload.',
    );
  }
  const refuse = async (
    reason: 'ALREADY_HAS_MEMBERSHIP' | 'HAS_UPGRADEABLE_MEMBERSHIP' | 'INELIGIBLE_FOR_TRIAL',
    message: string,
  ) => {
    await deps.repo.settlePurchase(input.idempotencyKey, { status: 'refused', message });
    return new SubscriptionPurchaseError(reason, message);
  };

  // We hold the reader's only attempt in flight. The provider's records decide what they may buy: what
  // a lost answer, another tab or a webhook not yet delivered may have bought is there.
  let subs;
  try {
    subs = await syncFromProvider(deps, input.userId, input.idempotencyKey);
  } catch (error) {
    console.error('Billing provider unreachable before a purchase', error);
    throw new SubscriptionPurchaseError('TRANSACTION_ERROR', outageMessage(false));
  }
  const now = deps.now();
  const current = membershipFrom(subs, now);
  if (current.status !== 'None' && current.status !== 'Expired') {
    const earlier = claim.earlier;
    if (earlier && UNKNOWN_OUTCOME.includes(earlier.status)) {
      // A retry of an attempt whose answer was lost: the subscription it bought is its answer.
      const bought = subs.find(
        (s) =>
          s.planCode === plan.code &&
          grantsAccess(s, now) &&
          s.activatedAt.getTime() >= earlier.createdAt.getTime() - CLOCK_SKEW_MS,
      );
      if (bought) {
        await deps.repo.settlePurchase(input.idempotencyKey, {
          status: 'succeeded',
          subscriptionUuid: bought.uuid,
          message: 'resolved from the provider records after a lost answer',
        });
        return bought;
      }
    }
    if (current.plan?.upgradesTo.includes(plan.code)) {
      throw await refuse('HAS_UPGRADEABLE_MEMBERSHIP', 'You can upgrade your current membership instead.');
    }
    throw await refuse('ALREADY_HAS_MEMBERSHIP', 'You already have a membership.');
  }
  const withTrial = plan.trialDays > 0 && input.withTrial !== false;
  if (withTrial && !isEligibleForTrial(subs)) {
    throw await refuse(
      'INELIGIBLE_FOR_TRIAL',
      'You have had a membership before, so this plan starts without a free trial. Please confirm the price.',
    );
  }

  let outcome;
  try {
    outcome = await deps.provider.purchase({
      accountCode: input.userId,
      email: input.email,
      planCode: plan.code,
      currency,
      billingToken: input.billingToken,
      threeDSecureActionResultToken: input.threeDSecureActionResultToken,
      idempotencyKey: input.idempotencyKey,
      unitAmount: plan.prices[currency],
      country: input.country,
      trialDays: withTrial ? plan.trialDays : 0,
      skipsPlanTrial: plan.trialDays > 0 && !withTrial,
    });
  } catch (error) {
    const mayHaveCharged = !(error instanceof BillingUnavailableError) || error.mayHaveCharged;
    await deps.repo.settlePurchase(input.idempotencyKey, {
      status: mayHaveCharged ? 'failed' : 'refused',
      message: String(error),
    });
    console.error('Billing provider purchase failed', error);
    throw new SubscriptionPurchaseError('TRANSACTION_ERROR', outageMessage(mayHaveCharged));
  }

  switch (outcome.kind) {
    case 'declined':
      await deps.repo.settlePurchase(input.idempotencyKey, { status: 'declined', message: outcome.message });
      throw new SubscriptionPurchaseError('PURCHASE_ERROR', outcome.message);
    case 'three-d-secure':
      await deps.repo.settlePurchase(input.idempotencyKey, {
        status: 'three_d_secure',
        message: outcome.message,
      });
      throw new SubscriptionPurchase3DSSecureError(
        {
          accountCode: input.userId,
          billingToken: input.billingToken,
          threeDSecureActionToken: outcome.actionTokenId,
        },
        outcome.message,
      );
    case 'purchased': {
      const record = await deps.repo.syncSubscription(input.userId, outcome.subscription);
      await deps.repo.settlePurchase(input.idempotencyKey, {
        status: 'succeeded',
        subscriptionUuid: outcome.subscription.uuid,
        amountCharged: outcome.invoice?.paid ?? 0,
        invoiceId: outcome.invoice?.id ?? null,
      });
      return record;
    }
  }
}
