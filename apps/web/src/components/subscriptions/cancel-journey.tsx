'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { useClientConfig } from '../../client/config/client-config';
import {
  CancelSubscriptionMutation,
  CancellationOfferQuery,
  RedeemCancellationDiscountMutation,
} from '../../client/graphql/billing.documents';
import { createGraphQLClient, runMutation, runQuery } from '../../client/graphql/graphql-client';

const REASONS = [
  { value: 'too_expensive', label: 'It costs too much' },
  { value: 'not_reading_enough', label: 'I do not read enough to justify it' },
  { value: 'found_alternative', label: 'I get my news elsewhere' },
  { value: 'temporary_break', label: 'I am taking a break' },
  { value: 'content', label: 'The coverage is not what I need' },
  { value: 'other', label: 'Something else' },
] as const;

type Step = { kind: 'reasons' } | { kind: 'offer'; percent: number } | { kind: 'working' };

/** Reasons first; then, once per subscription, a save offer: accept it (accepted_discount) or cancel (cancelled). */
export function CancelJourney() {
  const auth = useAuth();
  const config = useClientConfig();
  const client = useMemo(
    () => createGraphQLClient({ config, onAuthError: () => auth.store.forceRefresh() }),
    [config, auth.store],
  );
  const [step, setStep] = useState<Step>({ kind: 'reasons' });
  const [reason, setReason] = useState<string>('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);

  const finish = (action: 'cancelled' | 'accepted_discount') =>
    window.location.assign(`/subscriptions/cancel/confirmation/?action=${action}`);

  async function cancel() {
    setStep({ kind: 'working' });
    const data = await runMutation(client, CancelSubscriptionMutation, {
      input: { reason, reasonOther: reason === 'other' ? other : null },
    });
    const result = data.cancelSubscription;
    if (result.__typename === 'RecurlySubscription') {
      await auth.store.forceRefresh();
      finish('cancelled');
      return;
    }
    setError(result.message || 'Something went wrong!');
    setStep({ kind: 'reasons' });
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!reason) return setError('Choose a reason.');
    if (reason === 'other' && !other.trim()) return setError('Tell us a little more.');
    setStep({ kind: 'working' });
    try {
      const offer = await runQuery(client, CancellationOfferQuery, {});
      const coupon = offer.cancellationDiscount;
      if (coupon?.__typename === 'CancellationCoupon')
        setStep({ kind: 'offer', percent: coupon.discountPercent });
      else await cancel();
    } catch {
      setError('We could not reach our membership service. Please try again.');
      setStep({ kind: 'reasons' });
    }
  }

  async function accept() {
    setStep({ kind: 'working' });
    try {
      const data = await runMutation(client, RedeemCancellationDiscountMutation, {});
      if (data.redeemCancellationDiscountCoupon.__typename === 'RecurlySubscription')
        return finish('accepted_discount');
      setError(data.redeemCancellationDiscountCoupon.message || 'Something went wrong!');
    } catch {
      setError('We could not reach our membership service. Please try again.');
    }
    setStep({ kind: 'reasons' });
  }

  if (step.kind === 'working')
    return (
      <p className="mt-6" role="status">
        One moment…
      </p>
    );
  if (step.kind === 'offer') {
    return (
      <div className="mt-6 space-y-4 rounded border-2 border-ink p-6">
        <h2 className="font-serif text-2xl font-bold">Stay for {step.percent} % less</h2>
        <p>
          Keep everything you have now, and pay {step.percent} % less at your next renewal. This offer is made
          once.
        </p>
        <p className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => void accept()}
            className="rounded bg-accent px-4 py-2 text-accent-ink"
          >
            Accept the offer
          </button>
          <button
            type="button"
            onClick={() => void cancel().catch(() => setError('We could not cancel. Please try again.'))}
            className="rounded border border-ink px-4 py-2"
          >
            Cancel anyway
          </button>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void next(e)} className="mt-6 space-y-4">
      {error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {error}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">Why are you leaving?</legend>
        {REASONS.map((r) => (
          <label key={r.value} className="flex items-center gap-2">
            <input
              type="radio"
              name="reason"
              value={r.value}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <div>
          <label htmlFor="cancel-other" className="mb-1 block text-sm font-medium">
            Tell us more
          </label>
          <textarea
            id="cancel-other"
            value={other}
            maxLength={1000}
            onChange={(e) => setOther(e.target.value)}
            className="w-full rounded border border-muted bg-paper px-3 py-2"
            rows={3}
          />
        </div>
      ) : null}
      <button type="submit" className="rounded bg-ink px-4 py-2 text-paper">
        Continue
      </button>
    </form>
  );
}
