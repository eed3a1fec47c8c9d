'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { Currency } from '@bof/config/constants';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import { PurchaseIndividualSubscriptionMutation } from '../../client/graphql/billing.documents';
import { PurchaseStudentSubscriptionMutation } from '../../client/graphql/students.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { SignInPrompt } from '../auth/sign-in-prompt';
import { RenewalTerms, useCheckoutState, useYearlyDue } from './checkout-state';
import { PaymentSummary } from './payment-summary';
import { attemptKey, endAttempt } from './purchase-attempt';
import { CardDetailsFields, useCardDetails } from './card-details';
import { RecurlyChallenge } from './recurly-card-fields';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';
import { RecurlyPricing } from './recurly-pricing';

export interface PaymentPlan {
  code: string;
  title: string;
  trialDays: number;
  prices: Record<Currency, number>;
}

interface TaxRate {
  rate: number;
  type: string;
}

type Phase = { kind: 'editing' } | { kind: 'working'; step: string };

/** What survives the trip to the bank's 3-D Secure page and back. */
interface PendingPurchase {
  planCode: string;
  currency: Currency;
  country: string;
  billingToken: string;
  idempotencyKey: string;
  withTrial: boolean;
}
const PENDING_KEY = 'bof_pending_purchase';

/** The answer may have been lost on its way: the same attempt, retried, charges once. */
const UNCONFIRMED =
  'We could not confirm your payment with our payment provider. Please try again in a few minutes: trying again will not charge you twice.';

interface PaymentFormProps {
  plan: PaymentPlan;
  currency: Currency;
  locale: string;
  countries: string[];
  /** The reader's name from their personal details, to start the card's name with. */
  defaultName: { firstName: string; lastName: string };
  taxRates: Record<string, TaxRate>;
  /** The plan's free trial applies (the plan has one and the reader is eligible). */
  withTrial: boolean;
  /** When a trial's first year is charged, formatted for the reader. */
  trialChargedOn: string | null;
  /** When a membership paid today first renews, formatted for the reader. */
  renewsOn: string;
  testCardsHint: boolean;
  /** Recurly.js card fields and pricing when Recurly is configured; the simulator's fields otherwise. */
  recurly?: RecurlyBrowserConfig | null;
  /**
   * The student journey buys with purchaseStudentSubscription and ends on its confirmation page; the
   * individual one (the default) with purchaseIndividualSubscription and the welcome page.
   */
  purchaseKind?: 'individual' | 'student';
}

/**
 * The payment form: card fields tokenised by the billing provider (Recurly.js when configured, the
 * simulator's otherwise), then one purchase per attempt (its idempotency key kept until a definitive
 * answer), through 3-D Secure when the bank asks, then a wait until the reader's token shows the new
 * membership. Sends checkout_started, payment_submitted and purchase to analytics. Inside CheckoutState:
 * the billing country and the price it shares with the page's heading.
 */
export function PaymentForm(props: PaymentFormProps) {
  if (!props.recurly) return <CardPaymentForm {...props} recurlyFields={false} />;
  return (
    <RecurlyCheckout config={props.recurly}>
      <CardPaymentForm {...props} recurlyFields />
    </RecurlyCheckout>
  );
}

function CardPaymentForm(props: PaymentFormProps & { recurlyFields: boolean }) {
  const hydrated = useHydrated();
  const auth = useAuth();
  const client = useGraphQLClient();
  const { country, setCountry, setProviderPrice } = useCheckoutState();
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const card = useCardDetails(props.recurlyFields);
  const [challenge, setChallenge] = useState<{ actionTokenId: string; pending: PendingPurchase } | null>(
    null,
  );
  const analytics = { planCode: props.plan.code, currency: props.currency };

  const net = props.plan.prices[props.currency];
  // Recurly's own figures where it gives them (its tax service), the table's otherwise.
  const due = useYearlyDue(net, props.taxRates);
  const dueToday = props.withTrial ? 0 : due.total;
  const money = (minor: number) =>
    new Intl.NumberFormat(props.locale, { style: 'currency', currency: props.currency }).format(minor / 100);

  const loggedIn = auth.status === 'logged-in';
  useEffect(() => {
    if (loggedIn)
      track({ event: 'checkout_started', data: { planCode: props.plan.code, currency: props.currency } });
  }, [loggedIn, props.plan.code, props.currency]);

  const purchase = async (pending: PendingPurchase, threeDSecureResult?: string) => {
    setPhase({ kind: 'working', step: 'Taking payment…' });
    const student = props.purchaseKind === 'student';
    const { membershipType: typeBefore, membershipLevel: levelBefore } = auth.user;
    const input = {
      planCode: pending.planCode,
      currency: pending.currency,
      country: pending.country,
      billingToken: pending.billingToken,
      idempotencyKey: pending.idempotencyKey,
      threeDSecureActionResultToken: threeDSecureResult ?? null,
    };
    let result;
    try {
      result = student
        ? (await runMutation(client, PurchaseStudentSubscriptionMutation, { input }))
            .purchaseStudentSubscription
        : (
            await runMutation(client, PurchaseIndividualSubscriptionMutation, {
              input: { ...input, withTrial: pending.withTrial },
            })
          ).purchaseIndividualSubscription;
    } catch {
      // The request or its answer was lost: the attempt's key is kept for the retry.
      setError(UNCONFIRMED);
      setPhase({ kind: 'editing' });
      return;
    }
    switch (result.__typename) {
      case 'IndividualSubscription': {
        sessionStorage.removeItem(PENDING_KEY);
        endAttempt(pending.planCode);
        track({
          event: 'purchase',
          data: { ...analytics, subscriptionId: result.id, accountId: result.accountId },
        });
        setPhase({ kind: 'working', step: 'Setting up your membership…' });
        const forceRefresh = () => auth.store.forceRefresh().then((s) => s.user);
        await (
          student
            ? waitForMembershipChange({ field: 'membershipType', before: typeBefore, forceRefresh })
            : waitForMembershipChange({ field: 'membershipLevel', before: levelBefore, forceRefresh })
        ).catch(() => undefined);
        window.location.assign(
          student
            ? '/subscriptions/students/confirmation/'
            : `/user/welcome/?plan=${encodeURIComponent(result.planCode)}`,
        );
        return;
      }
      case 'SubscriptionPurchase3DSSecureError': {
        if (props.recurlyFields) {
          // Recurly.js runs the bank's check here, in the page.
          setChallenge({ actionTokenId: result.threeDSecureActionToken, pending });
          setPhase({ kind: 'working', step: 'Waiting for your bank…' });
          return;
        }
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        const back = `${window.location.pathname}${window.location.search}`;
        window.location.assign(
          `/billing-simulator/challenge/${encodeURIComponent(result.threeDSecureActionToken)}/?return_to=${encodeURIComponent(back)}`,
        );
        return;
      }
      case 'SubscriptionPurchaseError':
        // An outage or a lost answer keeps the attempt; a definitive answer (a declined card, a
        // refusal) ends it, and the next try is a new purchase.
        if (result.code !== 'TRANSACTION_ERROR') endAttempt(pending.planCode);
        setError(result.message);
        break;
      case 'AuthError':
        setError('Your session has ended. Please sign in again to continue.');
        break;
      default:
        setError(result.message || 'Something went wrong!');
    }
    setPhase({ kind: 'editing' });
  };

  // Back from the bank's check: finish the purchase that asked for it.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('three_d_secure');
    const stored = sessionStorage.getItem(PENDING_KEY);
    if (!outcome || !stored || auth.status !== 'logged-in') return;
    const pending = JSON.parse(stored) as PendingPurchase;
    if (outcome === 'passed') {
      void purchase(pending, params.get('three_d_secure_result') ?? undefined);
    } else {
      sessionStorage.removeItem(PENDING_KEY);
      endAttempt(pending.planCode);
      setError(
        'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
      );
    }
    // Runs once the reader's sign-in state is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const formElement = event.currentTarget;
    track({ event: 'payment_submitted', data: { ...analytics, paymentMethods: ['credit_card'] } });
    setPhase({ kind: 'working', step: 'Checking your card…' });
    const token = await card.tokenize(formElement, country);
    if (token.kind !== 'token') {
      // Nothing is charged before the card has a token.
      if (token.kind === 'error') setError(token.message);
      setPhase({ kind: 'editing' });
      return;
    }
    await purchase({
      planCode: props.plan.code,
      currency: props.currency,
      country,
      billingToken: token.token,
      idempotencyKey: attemptKey(props.plan.code),
      withTrial: props.withTrial,
    });
  }

  if (auth.status === 'unknown')
    return (
      <p className="mt-8" role="status">
        Loading…
      </p>
    );
  if (auth.status === 'logged-out') {
    return (
      <div className="mt-8">
        <SignInPrompt
          reason="Sign in or create a free account first, so your membership is yours on every device."
          offerRegistration
        />
      </div>
    );
  }

  const busy = phase.kind !== 'editing';
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-8 space-y-5" noValidate>
      {props.recurlyFields ? (
        <RecurlyPricing
          planCode={props.plan.code}
          currency={props.currency}
          country={country}
          onPrice={setProviderPrice}
        />
      ) : null}
      {error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {error}
        </p>
      ) : null}
      {props.testCardsHint && !props.recurlyFields ? (
        <p className="rounded border border-rule bg-surface px-3 py-2 text-sm">
          Test payments: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220
          asks for 3-D Secure. Any future expiry and any three-digit code.
        </p>
      ) : null}
      <CardDetailsFields
        idPrefix="pay"
        recurlyFields={props.recurlyFields}
        errors={card.errors}
        onTokenizer={card.onTokenizer}
        defaultName={props.defaultName}
        locale={props.locale}
        countries={props.countries}
        country={country}
        onCountryChange={setCountry}
      />
      {challenge ? (
        <RecurlyChallenge
          actionTokenId={challenge.actionTokenId}
          onResult={(resultToken) => {
            const { pending } = challenge;
            setChallenge(null);
            void purchase(pending, resultToken);
          }}
          onFailure={() => {
            setChallenge(null);
            endAttempt(props.plan.code);
            setError(
              'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
            );
            setPhase({ kind: 'editing' });
          }}
        />
      ) : null}
      <PaymentSummary
        title={props.plan.title}
        currency={props.currency}
        locale={props.locale}
        due={due}
        trial={
          props.withTrial && props.trialChargedOn
            ? { days: props.plan.trialDays, chargedOn: props.trialChargedOn }
            : null
        }
      />
      <RenewalTerms
        net={net}
        currency={props.currency}
        locale={props.locale}
        taxRates={props.taxRates}
        trialEndsOn={props.withTrial ? props.trialChargedOn : null}
        renewsOn={props.renewsOn}
      />
      <button
        type="submit"
        disabled={busy || !hydrated}
        className="w-full rounded bg-accent px-4 py-3 font-medium text-accent-ink disabled:opacity-60"
      >
        {phase.kind === 'working'
          ? phase.step
          : props.withTrial
            ? 'Start free trial'
            : `Pay ${money(dueToday)}`}
      </button>
      <p aria-live="polite" className="sr-only">
        {phase.kind === 'working' ? phase.step : ''}
      </p>
    </form>
  );
}
