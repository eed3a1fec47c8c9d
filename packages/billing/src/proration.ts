import type { Currency } from '@bof/config/constants';
import type { PlanChangePreview } from './billing-provider';
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
  /** The full yearly price of the new plan with tax, from the next renewal (or the end of the trial). */
  total: number;
  totalPerMonth: number;
}

const DAY_MS = 86_400_000;

/**
 * Prices an immediate plan change as Recurly does. In a paid term, the new plan is charged for the days
 * left and the current plan's unused days are credited, with tax on each. During a free trial nothing is
 * charged: the plan changes at once, the trial runs to its end, and the first paid term is billed at the
 * new plan's price then (Recurly: "changes during a free trial period don't generate an invoice").
 * Days are whole and rounding is to the minor unit, so a preview and the charge made on the same day
 * are the same number.
 */
export function prorateChange(input: {
  currentFee: number;
  newFee: number;
  periodStartsAt: Date;
  periodEndsAt: Date;
  now: Date;
  tax: TaxInfo;
  inTrial: boolean;
}): PlanChangePreview {
  if (input.inTrial) return { charge: 0, credit: 0, tax: 0, taxInfo: input.tax };
  const termDays = Math.max(
    1,
    Math.round((input.periodEndsAt.getTime() - input.periodStartsAt.getTime()) / DAY_MS),
  );
  const daysLeft = Math.min(
    termDays,
    Math.max(0, Math.ceil((input.periodEndsAt.getTime() - input.now.getTime()) / DAY_MS)),
  );
  const charge = Math.round((input.newFee * daysLeft) / termDays);
  // Never more credit than the charge: a change that would be owed money charges nothing now.
  const credit = -Math.min(charge, Math.round((input.currentFee * daysLeft) / termDays));
  return { charge, credit, tax: taxOn(charge, input.tax) + taxOn(credit, input.tax), taxInfo: input.tax };
}

/** A priced change (the provider's or `prorateChange`'s) as the spec's preview of an upgrade. */
export function upgradePreviewOf(
  currency: Currency,
  newFee: number,
  tax: TaxInfo,
  change: PlanChangePreview,
): SubscriptionUpgradePreview {
  const kind = change.taxInfo?.type.toUpperCase();
  // Recurly names its taxes in lower case ("vat"); the table's kind stands in for one it does not name.
  const taxInfo: TaxInfo = change.taxInfo
    ? {
        rate: change.taxInfo.rate,
        region: change.taxInfo.region || tax.region,
        type: kind === 'VAT' || kind === 'GST' ? kind : tax.type,
      }
    : tax;
  const total = newFee + taxOn(newFee, taxInfo);
  return {
    currency,
    planFee: newFee,
    planFeePerMonth: Math.round(newFee / 12),
    proRata: change.credit,
    taxAmount: change.tax,
    taxInfo,
    dueToday: change.charge + change.credit + change.tax,
    total,
    totalPerMonth: Math.round(total / 12),
  };
}

/** `prorateChange` as the spec's preview. */
export function previewUpgrade(input: {
  currency: Currency;
  currentFee: number;
  newFee: number;
  termStartsAt: Date;
  termEndsAt: Date;
  now: Date;
  tax: TaxInfo;
  inTrial: boolean;
}): SubscriptionUpgradePreview {
  const change = prorateChange({
    currentFee: input.currentFee,
    newFee: input.newFee,
    periodStartsAt: input.termStartsAt,
    periodEndsAt: input.termEndsAt,
    now: input.now,
    tax: input.tax,
    inTrial: input.inTrial,
  });
  return upgradePreviewOf(input.currency, input.newFee, input.tax, change);
}
