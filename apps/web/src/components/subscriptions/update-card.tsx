'use client';

import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { UpdateIndividualBillingInfoMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { RecurlyCardFields, type CardTokenizer } from './recurly-card-fields';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';
import { SimulatorCardFields, tokenizeWithSimulator, type CardField } from './simulator-card-fields';

interface UpdateCardProps {
  /** Recurly.js card fields when Recurly is configured; the billing simulator's otherwise. */
  recurly: RecurlyBrowserConfig | null;
  countries: string[];
  locale: string;
  /** The card on file's name and billing country, as the form starts. */
  current: { firstName: string; lastName: string; countryCode: string };
  testCardsHint: boolean;
}

/**
 * "Update card" on the membership page: a new card, tokenised by the billing provider (Recurly.js's card
 * element, or the simulator's fields as on the payment page), replaces the card on file; renewals are
 * charged to it. Nothing is charged now. The page is read again to show the new card.
 */
export function UpdateCard(props: UpdateCardProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        className="mt-2 rounded border border-ink px-3 py-1 text-sm disabled:opacity-60"
      >
        Update card
      </button>
    );
  }
  if (!props.recurly) return <UpdateCardForm {...props} recurlyFields={false} />;
  return (
    <RecurlyCheckout config={props.recurly}>
      <UpdateCardForm {...props} recurlyFields />
    </RecurlyCheckout>
  );
}

function UpdateCardForm(props: UpdateCardProps & { recurlyFields: boolean }) {
  const client = useGraphQLClient();
  const names = useMemo(() => new Intl.DisplayNames([props.locale], { type: 'region' }), [props.locale]);
  const [country, setCountry] = useState(props.current.countryCode || 'GB');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const tokenizer = useRef<CardTokenizer | null>(null);
  const setTokenizer = useCallback((tokenize: CardTokenizer) => {
    tokenizer.current = tokenize;
  }, []);
  const countries = props.countries.includes(country) ? props.countries : [country, ...props.countries];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      let billingToken: string;
      if (props.recurlyFields) {
        if (!tokenizer.current) throw new Error('The card fields are still loading.');
        billingToken = await tokenizer.current(form);
      } else {
        const token = await tokenizeWithSimulator(new FormData(form), country);
        if (!('id' in token)) {
          if (token.field) setFieldErrors({ [token.field]: token.message });
          else setError(token.message);
          setBusy(false);
          return;
        }
        billingToken = token.id;
      }
      const data = await runMutation(client, UpdateIndividualBillingInfoMutation, {
        input: { billingToken },
      });
      const result = data.updateIndividualBillingInfo;
      if (result.__typename !== 'BillingInfo') {
        setError(result.message || 'Something went wrong!');
        setBusy(false);
        return;
      }
      window.location.assign('/user/membership/?card=updated');
    } catch (failure) {
      setError((failure as Error).message || 'We could not check your card. Please try again.');
      setBusy(false);
    }
  }

  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
  return (
    <form
      onSubmit={(e) => void save(e)}
      className="mt-4 space-y-4 rounded border border-rule p-4"
      aria-labelledby="update-card-title"
      noValidate
    >
      <h3 id="update-card-title" className="font-serif text-lg font-semibold">
        A new card
      </h3>
      <p className="text-sm text-muted">Your renewals are charged to this card. Nothing is charged today.</p>
      {error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {error}
        </p>
      ) : null}
      {props.testCardsHint && !props.recurlyFields ? (
        <p className="rounded border border-rule bg-surface px-3 py-2 text-sm">
          Test cards: 4111 1111 1111 1111 or any other valid number; 4000 0000 0000 0002 is declined at
          renewal. Any future expiry and any three-digit code.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="card-first" className="mb-1 block text-sm font-medium">
            First name
          </label>
          <input
            id="card-first"
            name="firstName"
            data-recurly="first_name"
            autoComplete="cc-given-name"
            defaultValue={props.current.firstName}
            required
            className={input}
          />
        </div>
        <div>
          <label htmlFor="card-last" className="mb-1 block text-sm font-medium">
            Last name
          </label>
          <input
            id="card-last"
            name="lastName"
            data-recurly="last_name"
            autoComplete="cc-family-name"
            defaultValue={props.current.lastName}
            required
            className={input}
          />
        </div>
      </div>
      {fieldErrors.name ? <p className="text-sm text-accent">{fieldErrors.name}</p> : null}
      {props.recurlyFields ? (
        <>
          <RecurlyCardFields onTokenizer={setTokenizer} />
          <div>
            <label htmlFor="card-postal" className="mb-1 block text-sm font-medium">
              Postcode
            </label>
            <input
              id="card-postal"
              name="postalCode"
              data-recurly="postal_code"
              autoComplete="postal-code"
              className={input}
            />
          </div>
        </>
      ) : (
        <SimulatorCardFields errors={fieldErrors} />
      )}
      <div>
        <label htmlFor="card-country" className="mb-1 block text-sm font-medium">
          Country of your card’s billing address
        </label>
        <select
          id="card-country"
          data-recurly="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          autoComplete="country"
          className={input}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
        {fieldErrors.country ? <p className="mt-1 text-sm text-accent">{fieldErrors.country}</p> : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-accent px-4 py-2 font-medium text-accent-ink disabled:opacity-60"
      >
        {busy ? 'Saving your card…' : 'Save card'}
      </button>
    </form>
  );
}
