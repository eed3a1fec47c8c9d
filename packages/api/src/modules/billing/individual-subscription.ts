import type { Currency } from '@bof/config/constants';
import type { BillingProvider } from '@bof/billing/billing-provider';
import { findPlan, type Plan } from '@bof/billing/plans';
import { priceOf, type SubscriptionPrice } from '@bof/billing/pricing';
import type { SubscriptionRecord } from './billing.repo';
import { isInTrial } from './membership';

/** An individual subscription as the reader is shown it: its plan, its trial, its price with tax. */
export interface IndividualSubscription {
  record: SubscriptionRecord;
  plan: Plan;
  isTrial: boolean;
  price: SubscriptionPrice;
}

export interface DescribeDeps {
  provider: Pick<BillingProvider, 'getBillingInfo'>;
  now: () => Date;
}

/**
 * The reader's billing country as the provider holds it (their card's), or `fallback` when it holds
 * none or cannot be read: this runs after a charge, and describing a membership bought must not fail it.
 */
export async function billingCountryOf(
  deps: Pick<DescribeDeps, 'provider'>,
  accountCode: string,
  fallback: string,
): Promise<string> {
  const info = await deps.provider.getBillingInfo(accountCode).catch(() => null);
  return info?.countryCode || fallback;
}

/**
 * `record` with its plan, whether it is in its free trial on the billing clock, and its price taxed for
 * the billing country (`fallbackCountry` when the provider names none).
 * @throws Error when the record's plan is not in the catalogue (the provider holds a plan we do not sell).
 */
export async function describeIndividualSubscription(
  deps: DescribeDeps,
  record: SubscriptionRecord,
  fallbackCountry: string,
): Promise<IndividualSubscription> {
  const plan = findPlan(record.planCode);
  if (!plan) throw new Error(`Subscription ${record.uuid} is on ${record.planCode}, not in the catalogue`);
  const country = await billingCountryOf(deps, record.accountCode, fallbackCountry);
  return {
    record,
    plan,
    isTrial: isInTrial(record, deps.now()),
    price: priceOf(plan, record.currency as Currency, country),
  };
}
