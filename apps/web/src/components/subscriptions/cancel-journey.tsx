'use client';

import { useState, type FormEvent } from 'react';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import {
  CancelSubscriptionMutation,
  CancellationOfferQuery,
  RedeemCancellationDiscountMutation,
} from '../../client/graphql/billing.documents';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

const REASONS = [
  { value: 'too_expensive', label: 'It costs too much' },
  { value: 'not_reading_enough', label: 'I do not read enough to justify it' },
  { value: 'found_alternative', label: 'I get my news elsewhere' },
  { value: 'temporary_break', label: 'I am taking a break' },
  { value: 'content', label: 'The coverage is not what I need' },
  { value: 'other', label: 'Something else' },
] as const;

type Step =
  | { kind: 'reasons' }
  | { kind: 'offer'; code: string; percent: number }
  | { kind: 'confirm' }
  | { kind: 'working' };

/**
 * Reasons first; then, once per subscription, a save offer: accept it (accepted_discount) or cancel
 * (cancelled). When the offer has been made already (a second visit, after accepting it), the reader is
 * asked to confirm instead, told until when they keep access and the discount they give up. Either way the reader's token is re-read through the membership-change helper (a
 * cancellation keeps the level until the period ends, so it waits for the refreshed token to carry it),
 * and the cancellation event goes to analytics.
 */
export function CancelJourney(props: {
  subscriptionId: string;
  planCode: string;
  /** The last day of access after cancelling, formatted for the reader. */
  accessUntil: string;
  /** The save offer the reader accepted on this subscription, which cancelling gives up. */
  acceptedDiscountPercent: number | null;
}) {
  const hydrated = useHydrated();
  const auth = useAuth();
  const client = useGraphQLClient();
  const [step, setStep] = useState<Step>({ kind: 'reasons' });
  const [reason, setReason] = useState<string>('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [discountOffered, setDiscountOffered] = useState(false);

  const finish = async (action: 'cancelled' | 'accepted_discount', offered: boolean) => {
    track({
      event: 'cancellation',
      data: {
        cancellationReason: reason,
        ...(reason === 'other' ? { cancellationReasonOther: other.trim().slice(0, 255) } : {}),
        discountOffered: offered,
        action,
        subscriptionId: props.subscriptionId,
        planCode: props.planCode,
      },
    });
    const level = auth.user.membershipLevel;
    // The membership is kept until the period ends: the refreshed token must still carry it.
    await waitForMembershipChange({
      field: 'membershipLevel',
      before: level,
      expected: [level],
      forceRefresh: () => auth.store.forceRefresh().then((s) => s.user),
    }).catch(() => undefined);
    window.location.assign(`/subscriptions/cancel/confirmation/?action=${action}`);
  };

  async function cancel(offered: boolean) {
    setStep({ kind: 'working' });
    const data = await runMutation(client, CancelSubscriptionMutation, {
      input: { reason, reasonOther: reason === 'other' ? other : null },
    });
    const result = data.cancelSubscription;
    if (result.__typename === 'RecurlySubscription') {
      await finish('cancelled', offered);
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
      if (coupon?.__typename === 'CancellationCoupon') {
        setDiscountOffered(true);
        setStep({ kind: 'offer', code: coupon.code, percent: coupon.discountPercent });
      } else setStep({ kind: 'confirm' });
    } catch {
      setError('We could not reach our membership service. Please try again.');
      setStep({ kind: 'reasons' });
    }
  }

  async function accept(couponCode: string) {
    setStep({ kind: 'working' });
    try {
      const data = await runMutation(client, RedeemCancellationDiscountMutation, { input: { couponCode } });
      const result = data.redeemCancellationDiscountCoupon;
      if (result.__typename === 'RecurlySubscription') return await finish('accepted_discount', true);
      // A stale offer (another tab, an old page) says so in its field error.
      const detail = result.__typename === 'ZodError' ? result.fieldErrors[0]?.message : undefined;
      setError(detail || result.message || 'Something went wrong!');
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
  if (step.kind === 'confirm') {
    return (
      <div className="mt-6 space-y-4 rounded border-2 border-ink p-6" data-testid="cancel-confirmation">
        <h2 className="font-serif text-2xl font-bold">Are you sure you want to cancel?</h2>
        <p>
          You keep full access until {props.accessUntil}. After that your membership ends and you will not be
          charged again.
        </p>
        {props.acceptedDiscountPercent ? (
          <p data-testid="discount-given-up">
            You accepted {props.acceptedDiscountPercent} % off your next renewal. If you cancel, you give that
            discount up.
          </p>
        ) : null}
        <p className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() =>
              void cancel(false).catch(() => {
                setError(
                  'We could not reach our membership service, and nothing has changed. Please try again.',
                );
                setStep({ kind: 'reasons' });
              })
            }
            className="rounded bg-ink px-4 py-2 text-paper"
          >
            Cancel membership
          </button>
          <a href="/user/membership/" className="rounded border border-ink px-4 py-2 no-underline">
            Keep my membership
          </a>
        </p>
      </div>
    );
  }
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
            onClick={() => void accept(step.code)}
            className="rounded bg-accent px-4 py-2 text-accent-ink"
          >
            Accept the offer
          </button>
          <button
            type="button"
            onClick={() =>
              void cancel(discountOffered).catch(() => {
                setError(
                  'We could not reach our membership service, and nothing has changed. Please try again.',
                );
                setStep({ kind: 'reasons' });
              })
            }
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
      <button
        type="submit"
        disabled={!hydrated}
        className="rounded bg-ink px-4 py-2 text-paper disabled:opacity-60"
      >
        Continue
      </button>
    </form>
  );
}
