'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { Currency } from '@bof/config/constants';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { PurchaseOrganisationSubscriptionMutation } from '../../client/graphql/organisation-checkout.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { SignInPrompt } from '../auth/sign-in-prompt';
import { CardDetailsFields, useCardDetails } from './card-details';
import { OrganisationAddressFields, type AddressErrors } from './organisation-address-fields';
import { attemptKey, endAttempt } from './purchase-attempt';
import { RecurlyChallenge } from './recurly-card-fields';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';
import { SeatQuantity, seatPrice, type SeatTierView } from './seat-quantity';
import { VatNumberField, type VatCheck } from './vat-number-field';

export interface OrganisationPaymentProps {
  plan: { code: string; title: string };
  currency: Currency;
  locale: string;
  tiers: SeatTierView[];
  initialSeats: number;
  countries: string[];
  initialCountry: string;
  taxRates: Record<string, { rate: number; type: string }>;
  testCardsHint: boolean;
  recurly?: RecurlyBrowserConfig | null;
}

/** The purchase as sent, kept across the trip to the bank's 3-D Secure page and back. */
interface PendingPurchase {
  planCode: string;
  currency: Currency;
  seats: number;
  companyName: string;
  billingAddress: { line1: string; line2: string | null; city: string; postalCode: string; country: string };
  vatNumber: string | null;
  billingToken: string;
  idempotencyKey: string;
}
const PENDING_KEY = 'bof_pending_organisation_purchase';
const UNCONFIRMED =
  'We could not confirm your payment with our payment provider. Please try again in a few minutes: trying again will not charge you twice.';

/**
 * The organisation checkout: seats (priced live from the plan's tiers), the company, its billing
 * address and VAT number (checked as the buyer leaves the field), then the card, tokenised by the
 * billing provider and charged once per attempt. The buyer lands on /user/welcome-pro/ as the owner.
 */
export function OrganisationPaymentForm(props: OrganisationPaymentProps) {
  if (!props.recurly) return <CheckoutForm {...props} recurlyFields={false} />;
  return (
    <RecurlyCheckout config={props.recurly}>
      <CheckoutForm {...props} recurlyFields />
    </RecurlyCheckout>
  );
}

function CheckoutForm(props: OrganisationPaymentProps & { recurlyFields: boolean }) {
  const hydrated = useHydrated();
  const auth = useAuth();
  const client = useGraphQLClient();
  const card = useCardDetails(props.recurlyFields);
  const [seats, setSeats] = useState(props.initialSeats);
  const [country, setCountry] = useState(props.initialCountry);
  const [vat, setVat] = useState<VatCheck>({ kind: 'none' });
  const [working, setWorking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [challenge, setChallenge] = useState<{ actionTokenId: string; pending: PendingPurchase } | null>(
    null,
  );
  // Reverse charge only for a number the register confirmed, of the country billed.
  const reverseCharge = vat.kind === 'checked' && vat.reverseCharge && vat.countryCode === country;
  const price = seatPrice(
    props.tiers,
    seats,
    props.taxRates[country] ?? { rate: 0, type: 'none' },
    reverseCharge,
  );
  const analytics = { planCode: props.plan.code, currency: props.currency, seatQuantity: seats };
  const money = (minor: number) =>
    new Intl.NumberFormat(props.locale, { style: 'currency', currency: props.currency }).format(minor / 100);

  const loggedIn = auth.status === 'logged-in';
  useEffect(() => {
    if (loggedIn)
      track({ event: 'checkout_started', data: { planCode: props.plan.code, currency: props.currency } });
  }, [loggedIn, props.plan.code, props.currency]);

  async function purchase(pending: PendingPurchase, threeDSecureResult?: string) {
    setWorking('Taking payment…');
    const input = { ...pending, threeDSecureActionResultToken: threeDSecureResult ?? null };
    let result;
    try {
      result = (await runMutation(client, PurchaseOrganisationSubscriptionMutation, { input }))
        .purchaseOrganisationSubscription;
    } catch {
      setError(UNCONFIRMED);
      setWorking(null);
      return;
    }
    switch (result.__typename) {
      case 'OrganisationAccount':
        sessionStorage.removeItem(PENDING_KEY);
        endAttempt(props.plan.code);
        track({ event: 'purchase', data: { ...analytics, accountId: result.accountId } });
        setWorking('Setting up your organisation…');
        // The new seat shows in the reader's token from its next refresh.
        await auth.store.forceRefresh().catch(() => undefined);
        window.location.assign(`/user/welcome-pro/?account=${encodeURIComponent(result.accountId)}`);
        return;
      case 'SubscriptionPurchase3DSSecureError':
        if (props.recurlyFields) {
          setChallenge({ actionTokenId: result.threeDSecureActionToken, pending });
          setWorking('Waiting for your bank…');
          return;
        }
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        window.location.assign(
          `/billing-simulator/challenge/${encodeURIComponent(result.threeDSecureActionToken)}/?return_to=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`,
        );
        return;
      case 'ZodError':
        setFieldErrors(
          Object.fromEntries(result.fieldErrors.map((e) => [e.path.slice(1).join('.'), e.message])),
        );
        setError('Please check the details marked below.');
        break;
      case 'SeatAllocationError':
        endAttempt(props.plan.code);
        setFieldErrors({ seats: result.message });
        setError(result.message);
        break;
      case 'SubscriptionPurchaseError':
        if (result.code !== 'TRANSACTION_ERROR') endAttempt(props.plan.code);
        setError(result.message);
        break;
      case 'AuthError':
        setError('Your session has ended. Please sign in again to continue.');
        break;
      default:
        setError(result.message || 'Something went wrong!');
    }
    setWorking(null);
  }

  // Back from the simulator's 3-D Secure page: finish the purchase that asked for it.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('three_d_secure');
    const stored = sessionStorage.getItem(PENDING_KEY);
    if (!outcome || !stored || !loggedIn) return;
    const pending = JSON.parse(stored) as PendingPurchase;
    sessionStorage.removeItem(PENDING_KEY);
    if (outcome === 'passed') void purchase(pending, params.get('three_d_secure_result') ?? undefined);
    else {
      endAttempt(props.plan.code);
      setError(
        'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
      );
    }
    // Runs once the reader's sign-in state is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (vat.kind === 'invalid' || vat.kind === 'checking') {
      setError(
        vat.kind === 'invalid'
          ? 'Please correct the VAT number, or leave it empty.'
          : 'Checking the VAT number…',
      );
      return;
    }
    if (!price) {
      setFieldErrors({ seats: 'Choose a number of seats within the tiers.' });
      return;
    }
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    track({ event: 'payment_submitted', data: { ...analytics, paymentMethods: ['credit_card'] } });
    setWorking('Checking your card…');
    const token = await card.tokenize(event.currentTarget, country);
    if (token.kind !== 'token') {
      if (token.kind === 'error') setError(token.message);
      setWorking(null);
      return;
    }
    await purchase({
      planCode: props.plan.code,
      currency: props.currency,
      seats,
      companyName: value('companyName'),
      billingAddress: {
        line1: value('line1'),
        line2: value('line2') || null,
        city: value('city'),
        postalCode: value('addressPostalCode'),
        country,
      },
      vatNumber: value('vatNumber') || null,
      billingToken: token.token,
      idempotencyKey: attemptKey(props.plan.code),
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
          reason="Sign in or create a free account first: you will own your organisation's membership."
          offerRegistration
        />
      </div>
    );
  }
  const addressErrors: AddressErrors = {
    companyName: fieldErrors.companyName,
    line1: fieldErrors['billingAddress.line1'],
    line2: fieldErrors['billingAddress.line2'],
    city: fieldErrors['billingAddress.city'],
    postalCode: fieldErrors['billingAddress.postalCode'],
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-8 space-y-5" noValidate aria-busy={working !== null}>
      {error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {error}
        </p>
      ) : null}
      <SeatQuantity
        tiers={props.tiers}
        seats={seats}
        onSeats={setSeats}
        price={price}
        money={money}
        error={fieldErrors.seats}
      />
      <OrganisationAddressFields errors={addressErrors} />
      <VatNumberField check={vat} onCheck={setVat} serverError={fieldErrors.vatNumber} />
      <h2 className="font-serif text-xl font-semibold">Card</h2>
      {props.testCardsHint && !props.recurlyFields ? (
        <p className="rounded border border-rule bg-surface px-3 py-2 text-sm">
          Test payments: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220
          asks for 3-D Secure. Any future expiry and any three-digit code.
        </p>
      ) : null}
      <CardDetailsFields
        idPrefix="org-pay"
        recurlyFields={props.recurlyFields}
        errors={card.errors}
        onTokenizer={card.onTokenizer}
        locale={props.locale}
        countries={props.countries}
        country={country}
        onCountryChange={setCountry}
        countryLabel="Billing country (of the address and the card)"
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
            setWorking(null);
          }}
        />
      ) : null}
      <button
        type="submit"
        disabled={working !== null || !hydrated || !price}
        className="w-full rounded bg-accent px-4 py-3 font-medium text-accent-ink disabled:opacity-60"
      >
        {working ?? (price ? `Pay ${money(price.total)}` : 'Choose your seats')}
      </button>
      <p aria-live="polite" className="sr-only">
        {working ?? ''}
      </p>
    </form>
  );
}
