'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { Currency } from '@bof/config/constants';
import { track } from '../../client/analytics/tracker';
import { useAuth } from '../../client/auth/auth-provider';
import { BuyEventTicketsMutation } from '../../client/graphql/events.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { SignInPrompt } from '../auth/sign-in-prompt';
import { CardDetailsFields, useCardDetails } from '../subscriptions/card-details';
import { attemptKey, endAttempt } from '../subscriptions/purchase-attempt';
import { RecurlyChallenge } from '../subscriptions/recurly-card-fields';
import { RecurlyCheckout, type RecurlyBrowserConfig } from '../subscriptions/recurly-checkout';

export interface TicketTypeOption {
  id: string;
  name: string;
  prices: { currency: Currency; amount: number }[];
  available: number;
  onSale: boolean;
  memberDiscountPercent: number;
}

interface TicketPurchaseProps {
  event: { eventId: string; slug: string; title: string; eventPlatform: string | null };
  ticketTypes: TicketTypeOption[];
  locale: string;
  countries: string[];
  defaultCountry: string;
  /** The access engine counts the reader a member: the member discount applies. */
  memberPricing: boolean;
  testCardsHint: boolean;
  recurly: RecurlyBrowserConfig | null;
}

/** What survives the trip to the bank's 3-D Secure page and back. */
interface PendingPurchase {
  ticketTypeId: string;
  ticketQty: number;
  currency: Currency;
  billingToken: string;
  idempotencyKey: string;
}
const PENDING_KEY = 'bof_pending_ticket_purchase';
const MAX_QTY = 1000;
const UNCONFIRMED =
  'We could not confirm your payment with our payment provider. Please try again in a few minutes: trying again will not charge you twice.';

const attemptName = (p: Pick<PendingPurchase, 'ticketTypeId' | 'ticketQty' | 'currency'>) =>
  `ticket:${p.ticketTypeId}:${p.ticketQty}:${p.currency}`;

/**
 * Buying tickets: the ticket type, how many (1–1000) and the currency, then the card (Recurly.js when
 * configured, the simulator's fields otherwise), one purchase per attempt key, through 3-D Secure when
 * the bank asks; on success `event_ticket_purchase` is sent once and the confirmation page opens.
 */
export function TicketPurchase(props: TicketPurchaseProps) {
  if (!props.recurly) return <TicketPurchaseForm {...props} recurlyFields={false} />;
  return (
    <RecurlyCheckout config={props.recurly}>
      <TicketPurchaseForm {...props} recurlyFields />
    </RecurlyCheckout>
  );
}

function TicketPurchaseForm(props: TicketPurchaseProps & { recurlyFields: boolean }) {
  const hydrated = useHydrated();
  const auth = useAuth();
  const client = useGraphQLClient();
  const card = useCardDetails(props.recurlyFields);
  const onSale = props.ticketTypes.filter((t) => t.onSale);
  const [typeId, setTypeId] = useState(onSale[0]?.id ?? '');
  const type = onSale.find((t) => t.id === typeId);
  const [currency, setCurrency] = useState<Currency>(type?.prices[0]?.currency ?? 'GBP');
  const [qtyText, setQtyText] = useState('1');
  const [country, setCountry] = useState(props.defaultCountry);
  const [error, setError] = useState<string | null>(null);
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ actionTokenId: string; pending: PendingPurchase } | null>(
    null,
  );

  const price = type?.prices.find((p) => p.currency === currency) ?? type?.prices[0];
  const qty = Number(qtyText);
  const validQty = Number.isInteger(qty) && qty >= 1 && qty <= Math.min(MAX_QTY, type?.available ?? MAX_QTY);
  const discount = props.memberPricing ? (type?.memberDiscountPercent ?? 0) : 0;
  const total = price && validQty ? Math.round((price.amount * qty * (100 - discount)) / 100) : null;
  const money = (minor: number, c: string) =>
    new Intl.NumberFormat(props.locale, { style: 'currency', currency: c }).format(minor / 100);

  const purchase = async (pending: PendingPurchase, threeDSecureResult?: string) => {
    setWorking('Taking payment…');
    let result;
    try {
      result = (
        await runMutation(client, BuyEventTicketsMutation, {
          input: { ...pending, threeDSecureActionResultToken: threeDSecureResult ?? null },
        })
      ).buyEventTickets;
    } catch {
      setError(UNCONFIRMED);
      setWorking(null);
      return;
    }
    switch (result.__typename) {
      case 'EventOrder':
        sessionStorage.removeItem(PENDING_KEY);
        endAttempt(attemptName(pending));
        track({
          event: 'event_ticket_purchase',
          data: {
            ticketType: result.ticketTypeName,
            eventId: props.event.eventId,
            orderId: result.orderId,
            ticketQty: result.ticketQty,
            eventPlatform: props.event.eventPlatform ?? 'in-person',
            currency: pending.currency,
          },
        });
        window.location.assign(
          `/events/${props.event.slug}/confirmation/?order=${encodeURIComponent(result.orderId)}`,
        );
        return;
      case 'TicketPurchase3DSecureError':
        if (props.recurlyFields) {
          setChallenge({ actionTokenId: result.threeDSecureActionToken, pending });
          setWorking('Waiting for your bank…');
          return;
        }
        sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
        window.location.assign(
          `/billing-simulator/challenge/${encodeURIComponent(result.threeDSecureActionToken)}/?return_to=${encodeURIComponent(window.location.pathname)}`,
        );
        return;
      case 'EventTicketError':
        // An outage keeps the attempt's key for the retry; any other answer is final for it.
        if (result.code !== 'payment_unavailable' && result.code !== 'purchase_in_progress')
          endAttempt(attemptName(pending));
        setError(result.message);
        break;
      case 'ZodError':
        endAttempt(attemptName(pending));
        setError(result.fieldErrors.map((f) => f.message).join(' '));
        break;
      case 'AuthError':
        setError('Your session has ended. Please sign in again to continue.');
        break;
      default:
        setError(result.message || 'Something went wrong!');
    }
    setWorking(null);
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
      endAttempt(attemptName(pending));
      setError(
        'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
      );
    }
    // Runs once the reader's sign-in state is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.status]);

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    setError(null);
    if (!type || !price) return;
    if (!validQty) {
      setQtyError(`Choose a whole number from 1 to ${Math.min(MAX_QTY, type.available)}.`);
      return;
    }
    setQtyError(null);
    const formElement = formEvent.currentTarget;
    setWorking('Checking your card…');
    const token = await card.tokenize(formElement, country);
    if (token.kind !== 'token') {
      if (token.kind === 'error') setError(token.message);
      setWorking(null);
      return;
    }
    const request = { ticketTypeId: type.id, ticketQty: qty, currency: price.currency };
    await purchase({
      ...request,
      billingToken: token.token,
      idempotencyKey: attemptKey(attemptName(request)),
    });
  }

  if (onSale.length === 0) return <p className="mt-4">No tickets are on sale for this event.</p>;
  if (auth.status === 'unknown')
    return (
      <p className="mt-4" role="status">
        Loading…
      </p>
    );
  if (auth.status === 'logged-out')
    return (
      <div className="mt-4">
        <SignInPrompt
          reason="Sign in or create a free account to buy tickets: they are sent to your e-mail address and kept in your account."
          offerRegistration
        />
      </div>
    );

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-5" noValidate aria-label="Buy tickets">
      {error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {error}
        </p>
      ) : null}
      <fieldset>
        <legend className="font-semibold">Ticket</legend>
        <div className="mt-2 space-y-2">
          {onSale.map((t) => (
            <label key={t.id} className="flex items-start gap-2">
              <input
                type="radio"
                name="ticketType"
                value={t.id}
                checked={t.id === typeId}
                onChange={() => {
                  setTypeId(t.id);
                  if (!t.prices.some((p) => p.currency === currency)) setCurrency(t.prices[0]!.currency);
                }}
                className="mt-1"
              />
              <span>
                {t.name} · {t.prices.map((p) => money(p.amount, p.currency)).join(' / ')}
                <span className="block text-sm text-muted">
                  {t.available.toLocaleString(props.locale)} left
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="ticket-qty" className="block font-semibold">
            How many
          </label>
          <input
            id="ticket-qty"
            name="ticketQty"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.min(MAX_QTY, type?.available ?? MAX_QTY)}
            step={1}
            value={qtyText}
            onChange={(e) => setQtyText(e.target.value)}
            aria-invalid={qtyError ? true : undefined}
            aria-describedby={qtyError ? 'ticket-qty-error' : undefined}
            className="mt-1 w-full rounded border border-muted bg-paper px-3 py-2"
          />
          {qtyError ? (
            <p id="ticket-qty-error" className="mt-1 text-sm text-accent">
              {qtyError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="ticket-currency" className="block font-semibold">
            Currency
          </label>
          <select
            id="ticket-currency"
            value={price?.currency ?? currency}
            onChange={(e) => setCurrency(e.target.value as Currency)}
            className="mt-1 w-full rounded border border-muted bg-paper px-3 py-2"
          >
            {type?.prices.map((p) => (
              <option key={p.currency} value={p.currency}>
                {p.currency}
              </option>
            ))}
          </select>
        </div>
      </div>
      {props.testCardsHint && !props.recurlyFields ? (
        <p className="rounded border border-rule bg-surface px-3 py-2 text-sm">
          Test payments: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220
          asks for 3-D Secure. Any future expiry and any three-digit code.
        </p>
      ) : null}
      <CardDetailsFields
        idPrefix="tickets"
        recurlyFields={props.recurlyFields}
        errors={card.errors}
        onTokenizer={card.onTokenizer}
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
            const { pending } = challenge;
            setChallenge(null);
            endAttempt(attemptName(pending));
            setError(
              'Your bank did not confirm the payment, and you have not been charged. Try again or use another card.',
            );
            setWorking(null);
          }}
        />
      ) : null}
      {discount > 0 ? <p className="text-sm">Your membership saves you {discount}% on this ticket.</p> : null}
      <button
        type="submit"
        disabled={working !== null || !hydrated}
        className="w-full rounded bg-accent px-4 py-3 font-medium text-accent-ink disabled:opacity-60"
      >
        {working ?? (total !== null && price ? `Pay ${money(total, price.currency)}` : 'Pay')}
      </button>
      <p aria-live="polite" className="sr-only">
        {working ?? ''}
      </p>
    </form>
  );
}
