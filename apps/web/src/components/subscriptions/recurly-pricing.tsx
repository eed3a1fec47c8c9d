'use client';

import { useEffect } from 'react';
import { useCheckoutPricing } from '@recurly/react-recurly';
import type { DueToday } from './payment-summary';

const minor = (amount: string | undefined) => Math.round(Number(amount ?? 'NaN') * 100);

/**
 * Recurly's own price for the plan in the reader's country (Recurly.js checkout pricing: its tax and
 * its trial), handed to the form so the amount shown before paying is the amount Recurly will charge.
 * Until it answers, or when it cannot (an unknown plan, no tax service), the form keeps the table's.
 */
export function RecurlyPricing(props: {
  planCode: string;
  currency: string;
  country: string;
  onPrice: (due: DueToday | null) => void;
}) {
  const { onPrice } = props;
  const [{ price, loading }, setPricing] = useCheckoutPricing(
    {
      subscriptions: [{ plan: props.planCode }],
      currency: props.currency,
      address: { first_name: '', last_name: '', country: props.country },
    },
    () => onPrice(null),
  );
  useEffect(() => {
    setPricing({
      subscriptions: [{ plan: props.planCode }],
      currency: props.currency,
      address: { first_name: '', last_name: '', country: props.country },
    });
  }, [props.planCode, props.currency, props.country, setPricing]);
  useEffect(() => {
    if (loading) return;
    // A trial's "now" is zero; the year it then charges is "next".
    const next = price?.next;
    const net = minor(next?.subtotal);
    const tax = minor(next?.taxes);
    if (!Number.isFinite(net) || !Number.isFinite(tax)) return onPrice(null);
    onPrice({ net, tax, total: net + tax, taxLabel: 'Tax (Recurly)', source: 'provider' });
  }, [price, loading, onPrice]);
  return null;
}
