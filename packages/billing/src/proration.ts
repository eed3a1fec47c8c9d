import type { Currency } from '@bof/config/constants';
import { taxOn, type TaxInfo } from './tax';

/** Spec §3 SubscriptionUpgradePreview, in minor units. */
export interface SubscriptionUpgradePreview {
  currency: Currency;
  /** The new plan's yearly fee, before tax. */
  planFee: number;
  planFeePerMonth: number;
  /** Credit for the unused part of the current term of the current plan (negative or zero). */
  proRata: number;
  taxAmount: number;
  taxInfo: TaxInfo;
  /** What the upgrade charges now: the new plan for the rest of the term, less the credit, plus tax. */
  dueToday: number;
  /** The full yearly price of the new plan with tax, from the next renewal. */
  total: number;
  totalPerMonth: number;
}

const DAY_MS = 86_400_000;

/**
 * Prices an immediate upgrade within the current term, as Recurly's prorated change does: the new plan
 * is charged for the days left, the current plan's unused days are credited. Days are whole and rounding
 * is to the minor unit, so the preview and the charge are the same number.
 */
export function previewUpgrade(input: {
  currency: Currency;
  currentFee: number;
  newFee: number;
  termStartsAt: Date;
  termEndsAt: Date;
  now: Date;
  tax: TaxInfo;
  /** A trial is not yet paid for: nothing to credit. */
  inTrial: boolean;
}): SubscriptionUpgradePreview {
  const termDays = Math.max(
    1,
    Math.round((input.termEndsAt.getTime() - input.termStartsAt.getTime()) / DAY_MS),
  );
  const daysLeft = Math.min(
    termDays,
    Math.max(0, Math.ceil((input.termEndsAt.getTime() - input.now.getTime()) / DAY_MS)),
  );
  const charge = Math.round((input.newFee * daysLeft) / termDays);
  const proRata = input.inTrial ? 0 : -Math.round((input.currentFee * daysLeft) / termDays);
  const net = Math.max(0, charge + proRata);
  const taxAmount = taxOn(net, input.tax);
  const total = input.newFee + taxOn(input.newFee, input.tax);
  return {
    currency: input.currency,
    planFee: input.newFee,
    planFeePerMonth: Math.round(input.newFee / 12),
    proRata,
    taxAmount,
    taxInfo: input.tax,
    dueToday: net + taxAmount,
    total,
    totalPerMonth: Math.round(total / 12),
  };
}
