'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Currency } from '@bof/config/constants';
import type { DueToday } from './payment-summary';

interface TaxRate {
  rate: number;
  type: string;
}

interface CheckoutStateValue {
  /** The billing country chosen on the form: the tax shown follows it. */
  country: string;
  setCountry: (country: string) => void;
  /** The provider's own price (Recurly.js pricing) once it answers; null for the table's. */
  providerPrice: DueToday | null;
  setProviderPrice: (price: DueToday | null) => void;
}

const CheckoutContext = createContext<CheckoutStateValue | null>(null);

/**
 * What the payment page's parts share: the billing country chosen and the provider's price, so the
 * heading, the summary and the renewal terms near the pay button all show the same figures.
 */
export function CheckoutState({ initialCountry, children }: { initialCountry: string; children: ReactNode }) {
  const [country, setCountry] = useState(initialCountry);
  const [providerPrice, setProviderPrice] = useState<DueToday | null>(null);
  const value = useMemo(
    () => ({ country, setCountry, providerPrice, setProviderPrice }),
    [country, providerPrice],
  );
  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

export function useCheckoutState(): CheckoutStateValue {
  const state = useContext(CheckoutContext);
  if (!state) throw new Error('useCheckoutState is used inside CheckoutState only');
  return state;
}

/** The year's price with the tax of the chosen country: the provider's when it answered, else the table's. */
export function useYearlyDue(net: number, taxRates: Record<string, TaxRate>): DueToday {
  const { country, providerPrice } = useCheckoutState();
  if (providerPrice) return providerPrice;
  const tax = taxRates[country] ?? { rate: 0, type: 'none' };
  const taxAmount = Math.round(net * tax.rate);
  return {
    net,
    tax: taxAmount,
    total: net + taxAmount,
    taxLabel: tax.type === 'none' ? 'Tax' : `${tax.type} (${Math.round(tax.rate * 1000) / 10} %)`,
    source: 'table',
  };
}

const money = (minor: number, currency: Currency, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);

/**
 * The payment page's heading: for a free trial, "free until DATE, then PRICE a year", the price with the
 * tax the page shows for the chosen country.
 */
export function CheckoutHeading(props: {
  title: string;
  net: number;
  currency: Currency;
  locale: string;
  taxRates: Record<string, TaxRate>;
  /** The day the trial ends and the first year is charged, formatted for the reader; null for none. */
  freeUntil: string | null;
}) {
  const due = useYearlyDue(props.net, props.taxRates);
  return (
    <h1 className="mt-1 font-serif text-3xl font-bold" data-testid="checkout-heading">
      {props.freeUntil
        ? `${props.title}: free until ${props.freeUntil}, then ${money(due.total, props.currency, props.locale)} a year`
        : `Pay for ${props.title}`}
    </h1>
  );
}

/**
 * What the reader agrees to, said plainly by the pay button: the membership renews automatically, when,
 * and at what price (with the tax shown), until cancelled; and the terms.
 */
export function RenewalTerms(props: {
  net: number;
  currency: Currency;
  locale: string;
  taxRates: Record<string, TaxRate>;
  /** The first charge after a free trial (formatted), or null when paying today. */
  trialEndsOn: string | null;
  /** The first renewal of a membership paid today (formatted). */
  renewsOn: string;
}) {
  const due = useYearlyDue(props.net, props.taxRates);
  const price = money(due.total, props.currency, props.locale);
  // "£540.00, including VAT (20 %)," as the summary names it; Recurly's own figure is just "tax".
  const withTax =
    due.tax <= 0 ? '' : due.source === 'provider' ? ', including tax,' : `, including ${due.taxLabel},`;
  return (
    <p className="text-sm" data-testid="renewal-terms">
      {props.trialEndsOn
        ? `Free until ${props.trialEndsOn}. Your membership then renews automatically: ${price}${withTax} is charged to this card on ${props.trialEndsOn} and every year after, unless you cancel before then.`
        : `Your membership renews automatically every year: ${price}${withTax} is charged to this card on ${props.renewsOn} and every year after, unless you cancel before then.`}{' '}
      You can cancel at any time from Your membership. By{' '}
      {props.trialEndsOn ? 'starting your trial' : 'paying'} you agree to our{' '}
      <a href="/legal/#terms">terms and conditions</a>.
    </p>
  );
}
