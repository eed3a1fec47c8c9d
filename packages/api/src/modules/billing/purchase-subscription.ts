import { CURRENCIES, type Currency } from '@bof/config/constants';
import { BillingUnavailableError, type BillingProvider } from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
import { priceOf } from '@bof/billing/pricing';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { membershipFrom } from './membership';

export interface PurchaseDeps {
  repo: Pick<
    BillingRepo,
    | 'findPurchase'
    | 'claimPurchase'
    | 'reclaimPurchase'
    | 'settlePurchase'
    | 'subscriptionsOf'
    | 'syncSubscription'
  >;
  provider: Pick<BillingProvider, 'purchase'>;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface PurchaseInput {
  userId: string;
  email: string;
  planCode: string;
  currency: string;
  country: string;
  billingToken: string;
  idempotencyKey: string;
  threeDSecureActionResultToken?: string | undefined;
}

/** A pending attempt younger than this is someone else's call in flight: wait for it. */
const IN_FLIGHT_MS = 60_000;
const WAIT_STEP_MS = 200;
const WAIT_LIMIT_MS = 15_000;

/**
 * Buys an individual plan. The attempt is recorded under its idempotency key before the provider is
 * called, and the provider receives the same key, so a double click, a retry after a timeout or a
 * restart mid-call charges once and grants once. No membership is granted until the payment succeeded
 * (3-D Secure included). A provider outage fails closed: nothing charged, a clear message.
 * @throws SubscriptionPurchaseError with the spec §8 code as `reason`, or SubscriptionPurchase3DSSecureError.
 */
export async function purchaseSubscription(
  deps: PurchaseDeps,
  input: PurchaseInput,
): Promise<SubscriptionRecord> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const plan = findPlan(input.planCode);
  if (!plan) throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'That plan is not available.');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) {
    throw new SubscriptionPurchaseError('INVALID_CURRENCY', `We do not sell in ${input.currency}.`);
  }
  const currency = input.currency as Currency;

  // An earlier attempt with this key decides the answer, once it has one.
  let retrying = false;
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const earlier = await deps.repo.findPurchase(input.idempotencyKey);
    if (!earlier) break;
    retrying = true;
    if (earlier.userId !== input.userId || earlier.planCode !== input.planCode) {
      throw new SubscriptionPurchaseError(
        'TRANSACTION_ERROR',
        'This payment was already used for another purchase.',
      );
    }
    if (earlier.status === 'succeeded') {
      const subs = await deps.repo.subscriptionsOf(input.userId);
      const done = subs.find((s) => s.uuid === earlier.subscriptionUuid);
      if (done) return done;
    }
    if (earlier.status === 'declined') {
      throw new SubscriptionPurchaseError('PURCHASE_ERROR', earlier.message ?? 'Your card was declined.');
    }
    const inFlight =
      earlier.status === 'pending' && deps.now().getTime() - earlier.updatedAt.getTime() < IN_FLIGHT_MS;
    if (!inFlight) break;
    if (waited >= WAIT_LIMIT_MS) {
      throw new SubscriptionPurchaseError(
        'TRANSACTION_ERROR',
        'Your payment is still being processed. Please wait a moment.',
      );
    }
    await sleep(WAIT_STEP_MS);
  }

  const now = deps.now();
  const subs = await deps.repo.subscriptionsOf(input.userId);
  const current = membershipFrom(subs, now);
  if (current.status !== 'None' && current.status !== 'Expired') {
    if (current.plan?.upgradesTo.includes(plan.code)) {
      throw new SubscriptionPurchaseError(
        'HAS_UPGRADEABLE_MEMBERSHIP',
        'You can upgrade your current membership instead.',
      );
    }
    throw new SubscriptionPurchaseError('ALREADY_HAS_MEMBERSHIP', 'You already have a membership.');
  }
  if (plan.trialDays > 0 && subs.some((s) => s.trialEndsAt !== null)) {
    throw new SubscriptionPurchaseError('INELIGIBLE_FOR_TRIAL', 'You have had a free trial already.');
  }

  const claimed = retrying
    ? await deps.repo.reclaimPurchase(input.idempotencyKey, input.userId, IN_FLIGHT_MS)
    : await deps.repo.claimPurchase({
        idempotencyKey: input.idempotencyKey,
        userId: input.userId,
        kind: 'purchase',
        planCode: plan.code,
        currency,
      });
  if (!claimed) {
    // Another request took the key between our look and our claim: its answer is ours.
    return purchaseSubscription(deps, input);
  }

  const price = priceOf(plan, currency, input.country);
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
      unitAmount: price.itemPrice,
      taxRate: price.taxInfo.rate,
      trialDays: plan.trialDays,
    });
  } catch (error) {
    await deps.repo.settlePurchase(input.idempotencyKey, { status: 'failed', message: String(error) });
    if (error instanceof BillingUnavailableError || error instanceof Error) {
      throw new SubscriptionPurchaseError(
        'PURCHASE_ERROR',
        'We could not reach our payment provider, and you have not been charged. Please try again in a few minutes.',
      );
    }
    throw error;
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
        amountCharged: outcome.invoice?.total ?? 0,
      });
      return record;
    }
  }
}
