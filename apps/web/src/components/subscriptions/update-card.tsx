'use client';

import { useState, type FormEvent } from 'react';
import { UpdateIndividualBillingInfoMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';
import { CardDetailsFields, useCardDetails } from './card-details';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';

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
  const card = useCardDetails(props.recurlyFields);
  const [country, setCountry] = useState(props.current.countryCode || 'GB');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const token = await card.tokenize(event.currentTarget, country);
    if (token.kind !== 'token') {
      if (token.kind === 'error') setError(token.message);
      setBusy(false);
      return;
    }
    try {
      const data = await runMutation(client, UpdateIndividualBillingInfoMutation, {
        input: { billingToken: token.token },
      });
      const result = data.updateIndividualBillingInfo;
      if (result.__typename !== 'BillingInfo') {
        setError(result.message || 'Something went wrong!');
        setBusy(false);
        return;
      }
      window.location.assign('/user/membership/?card=updated');
    } catch (failure) {
      setError((failure as Error).message || 'We could not save your card. Please try again.');
      setBusy(false);
    }
  }

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
      <CardDetailsFields
        idPrefix="card"
        recurlyFields={props.recurlyFields}
        errors={card.errors}
        onTokenizer={card.onTokenizer}
        defaultName={props.current}
        locale={props.locale}
        countries={props.countries}
        country={country}
        onCountryChange={setCountry}
      />
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
