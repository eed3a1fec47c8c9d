'use client';

import { useState } from 'react';
import { track } from '../../client/analytics/tracker';
import { runMutation } from '../../client/graphql/graphql-client';
import { ConfirmAnonUserToNewsletterSubscriptionMutation } from '../../client/graphql/newsletters.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';

const PLACEMENT = 'email_confirmation';

type State =
  | { phase: 'ready' | 'busy'; error?: string }
  | { phase: 'confirmed'; recoveryLink: string; alreadyConfirmed: boolean }
  | { phase: 'refused'; message: string };

/** The confirmation step of an anonymous sign-up: confirm, then set a password. */
export function ConfirmNewsletterSignUp({ token }: { token: string }) {
  const client = useGraphQLClient();
  const [state, setState] = useState<State>({ phase: 'ready' });

  async function confirm() {
    setState({ phase: 'busy' });
    try {
      const data = await runMutation(client, ConfirmAnonUserToNewsletterSubscriptionMutation, {
        input: { token },
      });
      const result = data.confirmAnonUserToNewsletterSubscription;
      if (result.__typename !== 'NewsletterSignUpConfirmed')
        return setState({ phase: 'refused', message: result.message });
      if (result.newlySubscribedIds.length > 0)
        track({
          event: 'newsletter_subscribe',
          data: { newsletterIds: [...result.newlySubscribedIds], placementVariant: PLACEMENT },
        });
      setState({
        phase: 'confirmed',
        recoveryLink: result.recoveryLink,
        alreadyConfirmed: result.alreadyConfirmed,
      });
    } catch {
      setState({
        phase: 'ready',
        error: 'That did not work just now. Nothing has changed: please try again.',
      });
    }
  }

  if (state.phase === 'confirmed')
    return (
      <div className="mt-4 space-y-4">
        <p role="status" className="text-lg">
          {state.alreadyConfirmed
            ? 'You had already confirmed these newsletters: nothing has changed.'
            : 'Thank you: your newsletters are confirmed.'}
        </p>
        <p>
          Your newsletters come with a free account. Choose a password to sign in and manage them: we will
          e-mail you a code to prove the address is yours.
        </p>
        <p>
          <a href={state.recoveryLink} className="inline-block rounded bg-ink px-4 py-2 text-paper">
            Set your password
          </a>
        </p>
      </div>
    );
  if (state.phase === 'refused')
    return (
      <div className="mt-4 space-y-3">
        <p role="alert">{state.message}</p>
        <p>
          <a href="/" className="underline">
            Sign up again from any story
          </a>
        </p>
      </div>
    );
  return (
    <div className="mt-4 space-y-4">
      <p className="text-lg text-muted">
        Confirm that you want the newsletters you asked for sent to this address.
      </p>
      <button
        type="button"
        disabled={state.phase === 'busy'}
        onClick={() => void confirm()}
        className="rounded bg-ink px-4 py-2 text-paper"
      >
        {state.phase === 'busy' ? 'Confirming…' : 'Confirm my newsletters'}
      </button>
      {state.phase === 'ready' && state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
