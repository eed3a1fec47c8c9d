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

/** An upgrade between plans was refused or failed (spec §8 SubscriptionUpgradeError). */
export class SubscriptionUpgradeError extends DomainError {
  constructor(message: string) {
    super('subscription_upgrade_failed', message);
  }
}
