'use client';

import { useState, type FormEvent } from 'react';
import { UpdateIndividualBillingInfoMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { CardDetailsFields, useCardDetails } from './card-details';
import { RecurlyCheckout, type RecurlyBrowserConfig } from './recurly-checkout';

/**
 * "Pay with a different card" on the upgrade page: Recurly.js card fields whose token replaces the card
 * on file before the upgrade is paid. Only with Recurly configured.
 */
export function ChangeCard(props: { recurly: RecurlyBrowserConfig; countries: string[]; locale: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <p className="mt-6">
        <button type="button" className="underline" onClick={() => setOpen(true)}>
          Pay with a different card
        </button>
      </p>
    );
  }
  return (
    <RecurlyCheckout config={props.recurly}>
      <ChangeCardForm countries={props.countries} locale={props.locale} />
    </RecurlyCheckout>
  );
}

function ChangeCardForm(props: { countries: string[]; locale: string }) {
  const client = useGraphQLClient();
  const card = useCardDetails(true);
  const [country, setCountry] = useState(props.countries[0] ?? 'GB');
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: string | null }>({
    busy: false,
    error: null,
    saved: null,
  });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ busy: true, error: null, saved: null });
    const token = await card.tokenize(event.currentTarget, country);
    if (token.kind !== 'token') {
      setState({ busy: false, error: token.message || 'Please check your card details.', saved: null });
      return;
    }
    try {
      const data = await runMutation(client, UpdateIndividualBillingInfoMutation, {
        input: { billingToken: token.token },
      });
      const result = data.updateIndividualBillingInfo;
      if (result.__typename !== 'BillingInfo') {
        setState({ busy: false, error: result.message || 'Something went wrong!', saved: null });
        return;
      }
      setState({ busy: false, error: null, saved: `${result.card.cardType} ending ${result.card.lastFour}` });
    } catch (error) {
      setState({
        busy: false,
        error: (error as Error).message || 'Please check your card details.',
        saved: null,
      });
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="mt-6 space-y-4 rounded border border-rule p-4" noValidate>
      <h2 className="font-serif text-xl font-semibold">A different card</h2>
      {state.error ? (
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {state.error}
        </p>
      ) : null}
      {state.saved ? (
        <p role="status" className="rounded border border-rule px-3 py-2">
          The upgrade will be paid with your {state.saved}.
        </p>
      ) : null}
      <CardDetailsFields
        idPrefix="card"
        recurlyFields
        errors={card.errors}
        onTokenizer={card.onTokenizer}
        locale={props.locale}
        countries={props.countries}
        country={country}
        onCountryChange={setCountry}
        countryLabel="Country"
      />
      <button
        type="submit"
        disabled={state.busy}
        className="rounded border border-accent px-4 py-2 font-medium text-accent disabled:opacity-60"
      >
        {state.busy ? 'Saving the card…' : 'Use this card'}
      </button>
    </form>
  );
}
