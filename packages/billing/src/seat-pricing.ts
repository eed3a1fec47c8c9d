import type { Currency } from '@bof/config/constants';
import type { Plan, SeatTier } from './plans';
import { taxFor, taxOn, type TaxInfo } from './tax';

/** The seat counts a plan sells online, or null for a plan not sold by the seat. */
export function seatRange(plan: Plan): { min: number; max: number } | null {
  const tiers = plan.seatTiers;
  if (!tiers || tiers.length === 0) return null;
  return { min: tiers[0]!.minSeats, max: tiers[tiers.length - 1]!.maxSeats };
}

/** The band `seats` falls in; null for a count the plan does not sell online (or not a whole number). */
export function seatTierFor(plan: Plan, seats: number): SeatTier | null {
  if (!Number.isInteger(seats)) return null;
  return plan.seatTiers?.find((tier) => seats >= tier.minSeats && seats <= tier.maxSeats) ?? null;
}

/** What an organisation pays for a year of `seats` seats, in minor units. */
export interface SeatPrice {
  currency: Currency;
  seats: number;
  /** The band's price of one seat, before tax. */
  unitAmount: number;
  /** All the seats, before tax. */
  itemPrice: number;
  taxAmount: number;
  fullPrice: number;
  taxInfo: TaxInfo;
  /** No VAT is charged: a business with a verified EU VAT number accounts for it itself. */
  reverseCharge: boolean;
}

/**
 * Prices `seats` seats of an organisation plan for a buyer billed in `country`. With `reverseCharge`
 * (a VIES-verified EU VAT number outside the seller's country) the tax line is zero. Null when the
 * plan does not sell that many seats online.
 */
export function seatPriceOf(
  plan: Plan,
  seats: number,
  currency: Currency,
  country: string,
  reverseCharge = false,
): SeatPrice | null {
  const tier = seatTierFor(plan, seats);
  if (!tier) return null;
  const unitAmount = tier.unitPrices[currency];
  const itemPrice = unitAmount * seats;
  const countryTax = taxFor(country);
  const taxInfo: TaxInfo = reverseCharge ? { ...countryTax, rate: 0, type: 'VAT' } : countryTax;
  const taxAmount = taxOn(itemPrice, taxInfo);
  return {
    currency,
    seats,
    unitAmount,
    itemPrice,
    taxAmount,
    fullPrice: itemPrice + taxAmount,
    taxInfo,
    reverseCharge,
  };
}
