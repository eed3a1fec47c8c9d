import type { Currency } from '@bof/config/constants';
import { taxFor, taxOn, type TaxInfo } from '@bof/billing/tax';
import { acceptedCancellationCoupon } from './cancel-subscription';
import type { SubscriptionRecord } from './billing.repo';

/** What the next renewal (or a trial's first year) charges, in minor units, as the reader is shown it. */
export interface NextCharge {
  currency: Currency;
  /** The plan's year before any discount, with its tax. */
  fullPrice: number;
  /** After the accepted save offer, with its tax; `fullPrice` when there is none. */
  price: number;
  tax: number;
  taxInfo: TaxInfo;
  discountPercent: number;
}

/**
 * The next charge of `sub`: its yearly amount, less the save offer when the reader accepted it (it is
 * for that one renewal), taxed for the card's billing country, as the provider bills it.
 */
export function nextChargeOf(
  sub: Pick<SubscriptionRecord, 'unitAmount' | 'currency' | 'couponCodes'>,
  billingCountry: string,
): NextCharge {
  const taxInfo = taxFor(billingCountry);
  const discountPercent = acceptedCancellationCoupon(sub)?.discountPercent ?? 0;
  const net = Math.round(sub.unitAmount * (1 - discountPercent / 100));
  const tax = taxOn(net, taxInfo);
  return {
    currency: sub.currency as Currency,
    fullPrice: sub.unitAmount + taxOn(sub.unitAmount, taxInfo),
    price: net + tax,
    tax,
    taxInfo,
    discountPercent,
  };
}
