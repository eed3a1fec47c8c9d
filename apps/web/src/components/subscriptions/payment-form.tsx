'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Currency } from '@bof/config/constants';
import { useAuth } from '../../client/auth/auth-provider';
import { SignInPrompt } from '../auth/sign-in-prompt';
import { waitForMembershipChange } from '../../client/auth/membership-change';
import { useClientConfig } from '../../client/config/client-config';
import { PurchaseIndividualSubscriptionMutation } from '../../client/graphql/billing.documents';
import { createGraphQLClient, runMutation } from '../../client/graphql/graphql-client';
import { RecurlyCardFields, RecurlyChallenge, type CardTokenizer } from './recurly-card-fields';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';

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

type Phase = { kind: 'editing' } | { kind: 'working'; step: string } | { kind: 'done' };
type CardField = 'number' | 'expiry' | 'cvc' | 'name' | 'postalCode' | 'country';

/** What survives the trip to the bank's 3-D Secure page and back. */
interface PendingPurchase {
  planCode: string;
  currency: Currency;
  country: string;
  billingToken: string;
  idempotencyKey: string;
}
const PENDING_KEY = 'bof_pending_purchase';

const money = (minor: number, currency: Currency, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);

interface PaymentFormProps {
  plan: PaymentPlan;
  currency: Currency;
  locale: string;
  defaultCountry: string;
  countries: string[];
  taxRates: Record<string, TaxRate>;
  testCardsHint: boolean;
  /** Recurly.js card fields when Recurly is configured; the simulator's own fields otherwise. */
  recurly?: RecurlyBrowserConfig | null;
}

/**
 * The payment form: card fields tokenised by the billing provider (Recurly.js when configured, the
 * simulator's otherwise), then one purchase per idempotency key, through 3-D Secure when the bank asks,
 * then a wait until the reader's token shows the new membership.
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
  const auth = useAuth();
  const config = useClientConfig();
  const client = useMemo(
    () => createGraphQLClient({ config, onAuthError: () => auth.store.forceRefresh() }),
    [config, auth.store],
  );
  const [country, setCountry] = useState(props.defaultCountry);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const idempotencyKey = useRef<string>('');
  const tokenizer = useRef<CardTokenizer | null>(null);
  const setTokenizer = useCallback((tokenize: CardTokenizer) => {
    tokenizer.current = tokenize;
  }, []);
  const [challenge, setChallenge] = useState<{ actionTokenId: string; pending: PendingPurchase } | null>(
    null,
  );
  const names = useMemo(() => new Intl.DisplayNames([props.locale], { type: 'region' }), [props.locale]);

  const net = props.plan.prices[props.currency];
  const tax = props.taxRates[country] ?? { rate: 0, type: 'none' };
  const taxAmount = Math.round(net * tax.rate);
  const dueToday = props.plan.trialDays > 0 ? 0 : net + taxAmount;

  const purchase = async (pending: PendingPurchase, threeDSecureResult?: string) => {
    setPhase({ kind: 'working', step: 'Taking payment…' });
    const before = auth.user.membershipLevel;
    const data = await runMutation(client, PurchaseIndividualSubscriptionMutation, {
      input: { ...pending, threeDSecureActionResultToken: threeDSecureResult ?? null },
    });
    const result = data.purchaseIndividualSubscription;
    switch (result.__typename) {
      case 'IndividualSubscription': {
        sessionStorage.removeItem(PENDING_KEY);
        setPhase({ kind: 'working', step: 'Setting up your membership…' });
        await waitForMembershipChange({
          field: 'membershipLevel',
          before,
          forceRefresh: () => auth.store.forceRefresh().then((s) => s.user),
        }).catch(() => undefined);
        setPhase({ kind: 'done' });
        window.location.assign(`/user/welcome/?plan=${encodeURIComponent(result.planCode)}`);
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
        // A definitive answer: the next attempt (another card, say) is a new purchase with a new key.
        idempotencyKey.current = '';
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
    idempotencyKey.current = pending.idempotencyKey;
    if (outcome === 'passed') {
      void purchase(pending, params.get('three_d_secure_result') ?? undefined).catch(() => {
        setError('We could not reach our payment provider, and you have not been charged. Please try again.');
        setPhase({ kind: 'editing' });
      });
    } else {
      sessionStorage.removeItem(PENDING_KEY);
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
    setFieldErrors({});
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    if (props.recurlyFields) {
      idempotencyKey.current ||= crypto.randomUUID();
      setPhase({ kind: 'working', step: 'Checking your card…' });
      let billingToken: string;
      try {
        if (!tokenizer.current) throw new Error('The card fields are still loading.');
        billingToken = await tokenizer.current(formElement);
      } catch (error) {
        idempotencyKey.current = '';
        setError((error as Error).message || 'Please check your card details.');
        setPhase({ kind: 'editing' });
        return;
      }
      await purchase({
        planCode: props.plan.code,
        currency: props.currency,
        country,
        billingToken,
        idempotencyKey: idempotencyKey.current,
      }).catch(() => {
        setError('We could not reach our payment provider, and you have not been charged. Please try again.');
        setPhase({ kind: 'editing' });
      });
      return;
    }
    const [month, year] = value('expiry')
      .split('/')
      .map((part) => Number(part.trim()));
    idempotencyKey.current ||= crypto.randomUUID();
    setPhase({ kind: 'working', step: 'Checking your card…' });
    try {
      const response = await fetch('/api/billing-simulator/tokens/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: value('number').replace(/\s+/g, ''),
          expMonth: month,
          expYear: year !== undefined && year < 100 ? 2000 + year : year,
          cvc: value('cvc'),
          firstName: value('firstName'),
          lastName: value('lastName'),
          postalCode: value('postalCode'),
          countryCode: country,
        }),
      });
      const body = (await response.json()) as {
        id?: string;
        error?: { field: CardField | null; message: string };
      };
      if (!response.ok || !body.id) {
        idempotencyKey.current = '';
        if (body.error?.field) setFieldErrors({ [body.error.field]: body.error.message });
        else setError(body.error?.message ?? 'Please check your card details.');
        setPhase({ kind: 'editing' });
        return;
      }
      await purchase({
        planCode: props.plan.code,
        currency: props.currency,
        country,
        billingToken: body.id,
        idempotencyKey: idempotencyKey.current,
      });
    } catch {
      setError('We could not reach our payment provider, and you have not been charged. Please try again.');
      setPhase({ kind: 'editing' });
    }
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
  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
  const fieldError = (field: CardField) =>
    fieldErrors[field] ? (
      <p id={`pay-${field}-error`} className="mt-1 text-sm text-accent">
        {fieldErrors[field]}
      </p>
    ) : null;
  const described = (field: CardField) => (fieldErrors[field] ? `pay-${field}-error` : undefined);

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-8 space-y-5" noValidate>
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="pay-first" className="mb-1 block text-sm font-medium">
            First name
          </label>
          <input
            id="pay-first"
            name="firstName"
            data-recurly="first_name"
            autoComplete="cc-given-name"
            required
            className={input}
            aria-describedby={described('name')}
          />
        </div>
        <div>
          <label htmlFor="pay-last" className="mb-1 block text-sm font-medium">
            Last name
          </label>
          <input
            id="pay-last"
            name="lastName"
            data-recurly="last_name"
            autoComplete="cc-family-name"
            required
            className={input}
          />
        </div>
      </div>
      {fieldError('name')}
      {props.recurlyFields ? (
        <>
          <RecurlyCardFields onTokenizer={setTokenizer} />
          <div>
            <label htmlFor="pay-postal" className="mb-1 block text-sm font-medium">
              Postcode
            </label>
            <input
              id="pay-postal"
              name="postalCode"
              data-recurly="postal_code"
              autoComplete="postal-code"
              className={input}
            />
          </div>
        </>
      ) : (
        <>
          <div>
            <label htmlFor="pay-number" className="mb-1 block text-sm font-medium">
              Card number
            </label>
            <input
              id="pay-number"
              name="number"
              inputMode="numeric"
              autoComplete="cc-number"
              required
              className={input}
              aria-invalid={Boolean(fieldErrors.number) || undefined}
              aria-describedby={described('number')}
            />
            {fieldError('number')}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="pay-expiry" className="mb-1 block text-sm font-medium">
                Expiry (MM/YY)
              </label>
              <input
                id="pay-expiry"
                name="expiry"
                placeholder="MM/YY"
                autoComplete="cc-exp"
                required
                className={input}
                aria-invalid={Boolean(fieldErrors.expiry) || undefined}
                aria-describedby={described('expiry')}
              />
              {fieldError('expiry')}
            </div>
            <div>
              <label htmlFor="pay-cvc" className="mb-1 block text-sm font-medium">
                Security code
              </label>
              <input
                id="pay-cvc"
                name="cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                required
                className={input}
                aria-invalid={Boolean(fieldErrors.cvc) || undefined}
                aria-describedby={described('cvc')}
              />
              {fieldError('cvc')}
            </div>
            <div>
              <label htmlFor="pay-postal" className="mb-1 block text-sm font-medium">
                Postcode
              </label>
              <input id="pay-postal" name="postalCode" autoComplete="postal-code" className={input} />
            </div>
          </div>
        </>
      )}
      <div>
        <label htmlFor="pay-country" className="mb-1 block text-sm font-medium">
          Country
        </label>
        <select
          id="pay-country"
          data-recurly="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          autoComplete="country"
          className={input}
        >
          {props.countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
        {fieldError('country')}
      </div>
      {challenge ? (
        <RecurlyChallenge
          actionTokenId={challenge.actionTokenId}
          onResult={(resultToken) => {
            const { pending } = challenge;
            setChallenge(null);
            void purchase(pending, resultToken).catch(() => {
              setError(
                'We could not reach our payment provider, and you have not been charged. Please try again.',
              );
              setPhase({ kind: 'editing' });
            });
          }}
          onFailure={() => {
            setChallenge(null);
            idempotencyKey.current = '';
            setError(
              'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
            );
            setPhase({ kind: 'editing' });
          }}
        />
      ) : null}
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 border-t border-rule pt-4 text-sm">
        <dt>{props.plan.title}, yearly</dt>
        <dd className="text-right">{money(net, props.currency, props.locale)}</dd>
        <dt>{tax.type === 'none' ? 'Tax' : `${tax.type} (${Math.round(tax.rate * 1000) / 10} %)`}</dt>
        <dd className="text-right">{money(taxAmount, props.currency, props.locale)}</dd>
        <dt className="font-semibold">Due today</dt>
        <dd className="text-right font-semibold" data-testid="due-today">
          {money(dueToday, props.currency, props.locale)}
        </dd>
      </dl>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-accent px-4 py-3 font-medium text-accent-ink disabled:opacity-60"
      >
        {phase.kind === 'working'
          ? phase.step
          : props.plan.trialDays > 0
            ? 'Start free trial'
            : `Pay ${money(dueToday, props.currency, props.locale)}`}
      </button>
      <p aria-live="polite" className="sr-only">
        {phase.kind === 'working' ? phase.step : ''}
      </p>
    </form>
  );
}
