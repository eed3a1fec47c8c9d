'use client';

import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { UpdateIndividualBillingInfoMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { RecurlyCardFields, type CardTokenizer } from './recurly-card-fields';
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
  const names = useMemo(() => new Intl.DisplayNames([props.locale], { type: 'region' }), [props.locale]);
  const tokenizer = useRef<CardTokenizer | null>(null);
  const setTokenizer = useCallback((tokenize: CardTokenizer) => {
    tokenizer.current = tokenize;
  }, []);
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: string | null }>({
    busy: false,
    error: null,
    saved: null,
  });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setState({ busy: true, error: null, saved: null });
    try {
      if (!tokenizer.current) throw new Error('The card fields are still loading.');
      const billingToken = await tokenizer.current(form);
      const data = await runMutation(client, UpdateIndividualBillingInfoMutation, {
        input: { billingToken },
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

  const input = 'w-full rounded border border-muted bg-paper px-3 py-2';
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="card-first" className="mb-1 block text-sm font-medium">
            First name
          </label>
          <input id="card-first" data-recurly="first_name" autoComplete="cc-given-name" className={input} />
        </div>
        <div>
          <label htmlFor="card-last" className="mb-1 block text-sm font-medium">
            Last name
          </label>
          <input id="card-last" data-recurly="last_name" autoComplete="cc-family-name" className={input} />
        </div>
      </div>
      <RecurlyCardFields onTokenizer={setTokenizer} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="card-postal" className="mb-1 block text-sm font-medium">
            Postcode
          </label>
          <input id="card-postal" data-recurly="postal_code" autoComplete="postal-code" className={input} />
        </div>
        <div>
          <label htmlFor="card-country" className="mb-1 block text-sm font-medium">
            Country
          </label>
          <select id="card-country" data-recurly="country" autoComplete="country" className={input}>
            {props.countries.map((code) => (
              <option key={code} value={code}>
                {names.of(code) ?? code}
              </option>
            ))}
          </select>
        </div>
      </div>
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
