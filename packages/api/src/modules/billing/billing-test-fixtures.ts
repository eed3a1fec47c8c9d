import type { BillingInfo } from '@bof/billing/billing-provider';
import type { SubscriptionRecord } from './billing.repo';

// Records for unit tests of the billing use cases: no database, no provider.

/** A Standard subscription in GBP, active for the year from 2026-11-01, with `over` applied. */
export const subscriptionRecord = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  uuid: 'sub-1',
  userId: 'reader-1',
  accountCode: 'reader-1',
  planCode: 'individuals_standard_yearly_trial_v1',
  state: 'ACTIVE',
  currency: 'GBP',
  unitAmount: 25_000,
  activatedAt: new Date('2026-11-01T00:00:00Z'),
  cancelledAt: null,
  expiresAt: null,
  trialEndsAt: null,
  currentPeriodStartedAt: new Date('2026-11-01T00:00:00Z'),
  currentPeriodEndsAt: new Date('2027-11-01T00:00:00Z'),
  currentTermEndsAt: new Date('2027-11-01T00:00:00Z'),
  isInDunning: false,
  activeInvoiceId: null,
  couponCodes: [],
  providerUpdatedAt: null,
  cancellationReason: null,
  cancellationReasonOther: null,
  discountRedeemedAt: null,
  syncedAt: new Date('2026-11-01T00:00:00Z'),
  ...over,
});

/** The card on file, as far as its billing country goes. */
export const billingInfoIn = (countryCode: string) => ({ countryCode }) as BillingInfo;
