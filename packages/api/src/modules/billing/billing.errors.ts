/** Spec §8 SubscriptionPurchaseError codes. */
export const SUBSCRIPTION_PURCHASE_ERROR_CODES = [
  'ALREADY_HAS_MEMBERSHIP',
  'HAS_UPGRADEABLE_MEMBERSHIP',
  'INELIGIBLE_FOR_STUDENT_MEMBERSHIP',
  'INELIGIBLE_FOR_TRIAL',
  'INVALID_CURRENCY',
  'PURCHASE_ERROR',
  'TRANSACTION_ERROR',
] as const;
export type SubscriptionPurchaseErrorCode = (typeof SUBSCRIPTION_PURCHASE_ERROR_CODES)[number];

/** A purchase that did not happen, for a reason the reader can act on. Nothing was charged. */
export class SubscriptionPurchaseError extends Error {
  constructor(
    readonly code: SubscriptionPurchaseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionPurchaseError';
  }
}

/** The card needs the bank's confirmation (3-D Secure); retry with the challenge's result token. */
export class SubscriptionPurchase3DSSecureError extends Error {
  readonly code = 'THREE_D_SECURE_ACTION_REQUIRED';
  constructor(
    readonly accountCode: string,
    readonly billingToken: string,
    readonly threeDSecureActionToken: string,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionPurchase3DSSecureError';
  }
}

/** An upgrade that did not happen. Nothing was charged. */
export class SubscriptionUpgradeError extends Error {
  readonly code = 'subscription_upgrade_failed';
  constructor(message: string) {
    super(message);
    this.name = 'SubscriptionUpgradeError';
  }
}
