import type { Currency } from '@bof/config/constants';
import { currencyForCountry } from '@bof/api/billing';

/**
 * The currency a pay wall prices its plans in: the one the membership pages offer first for the region
 * of the reader's first Accept-Language tag (`en-GB` → GBP). The story page cache keys walled pages by
 * it, so it depends on nothing else.
 */
export function wallCurrency(acceptLanguage: string | string[] | null | undefined): Currency {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const first = header.split(',')[0]?.split(';')[0]?.trim();
  let region: string | undefined;
  try {
    region = first ? new Intl.Locale(first).region : undefined;
  } catch {
    region = undefined;
  }
  return currencyForCountry(region);
}

/** Prices on a wall are written the way readers of their currency write them, whatever their language. */
export const CURRENCY_LOCALE: Readonly<Record<Currency, string>> = {
  GBP: 'en-GB',
  EUR: 'en-IE',
  USD: 'en-US',
  INR: 'en-IN',
};
