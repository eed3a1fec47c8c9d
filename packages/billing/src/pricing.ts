import { CURRENCIES, type Currency } from '@bof/config/constants';
import type { Plan } from './plans';
import { taxFor, taxOn, type TaxInfo } from './tax';

/** Spec §3 SubscriptionPrice, in minor units. `fullPrice` is what the reader pays. */
export interface SubscriptionPrice {
  currency: Currency;
  itemPrice: number;
  taxAmount: number;
  fullPrice: number;
  taxInfo: TaxInfo;
}

/** The euro area (Bulgaria joined on 1 January 2026). */
const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);

/** The currency offered first to a reader in `country`; they may change it. */
export function currencyForCountry(country: string | undefined): Currency {
  const code = country?.toUpperCase();
  if (code === 'GB') return 'GBP';
  if (code === 'IN') return 'INR';
  if (code && EURO_COUNTRIES.has(code)) return 'EUR';
  return 'USD';
}

/**
 * Why `currency` is not sold to a reader billed in `country`, or null when it is. Any reader may pay in
 * EUR, GBP or USD; rupee prices are Indian prices, for cards billed in India only.
 */
export function currencyRefusal(currency: Currency, country: string): string | null {
  if (currency === 'INR' && country.toUpperCase() !== 'IN') {
    return 'Prices in rupees are for readers billed in India. Please choose euros, pounds or dollars.';
  }
  return null;
}

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** The price of a plan for a reader in `country`, in `currency`. */
export function priceOf(plan: Plan, currency: Currency, country: string): SubscriptionPrice {
  const itemPrice = plan.prices[currency];
  const taxInfo = taxFor(country);
  const taxAmount = taxOn(itemPrice, taxInfo);
  return { currency, itemPrice, taxAmount, fullPrice: itemPrice + taxAmount, taxInfo };
}

/** Formats minor units for the reader's locale: 25000 GBP in en-GB is "£250.00". */
export function formatMoney(minor: number, currency: Currency, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
