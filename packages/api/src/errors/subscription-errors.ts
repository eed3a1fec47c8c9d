import type { SubscriptionPurchaseErrorCode } from '../enums/spec-enums';
import { DomainError } from './domain-error';

/**
 * A purchase was refused or failed (spec §8 SubscriptionPurchaseError). `reason` is the spec's code
 * (shown in GraphQL as `code`); `code` stays the stable snake_case code of every DomainError.
 */
export class SubscriptionPurchaseError extends DomainError {
  constructor(
    readonly reason: SubscriptionPurchaseErrorCode,
    message: string,
  ) {
    super('subscription_purchase_failed', message);
  }
}

/**
 * The card issuer asks for 3-D Secure: the browser completes the challenge with
 * `threeDSecureActionToken`, then retries the purchase with the resulting token.
 */
export class SubscriptionPurchase3DSSecureError extends DomainError {
  constructor(
    readonly details: { accountCode: string; billingToken: string; threeDSecureActionToken: string },
    message = 'Your card issuer needs you to confirm this payment.',
  ) {
    super('three_d_secure_required', message);
  }
}

/** Why an upgrade was refused or failed: clients branch on this, never on the message. */
export const SUBSCRIPTION_UPGRADE_ERROR_REASONS = [
  /** The reader has no active (renewing or trial) membership to upgrade. */
  'NO_CURRENT_SUBSCRIPTION',
  /** The plan asked for is the one the reader has. */
  'SAME_PLAN',
  /** The plan exists, but the reader's plan does not upgrade to it. */
  'NOT_AN_UPGRADE',
  /** No plan of the catalogue has that code. */
  'PLAN_NOT_FOR_SALE',
  /** The membership is billed in another currency than the one confirmed. */
  'CURRENCY_MISMATCH',
  /** The price today is no longer the one the reader confirmed; nothing was charged. */
  'PRICE_CHANGED',
  /** The card on file was declined. */
  'PAYMENT_DECLINED',
  /** The billing provider could not be reached, and nothing was charged. */
  'BILLING_UNAVAILABLE',
  /** The billing provider failed mid-charge: a retry with the same key resolves to at most one charge. */
  'PAYMENT_UNCONFIRMED',
  /** The idempotency key was used for another operation. */
  'IDEMPOTENCY_KEY_REUSED',
  /** Another attempt of the reader is still being processed. */
  'UPGRADE_IN_PROGRESS',
  /** The upgrade was made, but its subscription is no longer on record. */
  'SUBSCRIPTION_NOT_FOUND',
] as const;
export type SubscriptionUpgradeErrorReason = (typeof SUBSCRIPTION_UPGRADE_ERROR_REASONS)[number];

/**
 * An upgrade between plans was refused or failed (spec §8 SubscriptionUpgradeError). `reason` says
 * why; `code` stays the stable snake_case code of every DomainError.
 */
export class SubscriptionUpgradeError extends DomainError {
  constructor(
    message: string,
    readonly reason: SubscriptionUpgradeErrorReason,
  ) {
    super('subscription_upgrade_failed', message);
  }
}
