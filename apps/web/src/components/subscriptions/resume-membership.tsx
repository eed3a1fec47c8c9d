'use client';

import { useState } from 'react';
import { ReactivateSubscriptionMutation } from '../../client/graphql/billing.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/**
 * "Resume membership" for a cancelled membership whose paid period has not ended: the billing provider
 * reactivates the subscription, which renews again on `renewsOn`. Nothing is charged now. The page is
 * then read again, showing the membership as renewing.
 */
export function ResumeMembership(props: {
  subscriptionUuid: string;
  renewsOn: string;
  price: string | null;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function resume() {
    setState({ busy: true, error: null });
    try {
      const data = await runMutation(client, ReactivateSubscriptionMutation, {
        input: { subscriptionUuid: props.subscriptionUuid },
      });
      const result = data.reactivateSubscription;
      if (result.__typename === 'RecurlySubscription') {
        window.location.assign('/user/membership/?resumed=1');
        return;
      }
      setState({ busy: false, error: result.message || 'Something went wrong!' });
    } catch {
      setState({
        busy: false,
        error: 'We could not reach our membership service, and nothing has changed. Please try again.',
      });
    }
  }

  return (
    <div className="mt-8 rounded border border-ink p-4" data-testid="resume-membership">
      <h2 className="font-serif text-xl font-semibold">Changed your mind?</h2>
      <p className="mt-2">
        Resume your membership and it carries on as before: it renews automatically on {props.renewsOn}
        {props.price ? ` at ${props.price}` : ''}. Nothing is charged today.
      </p>
      {state.error ? (
        <p role="alert" className="mt-3 rounded border border-accent px-3 py-2 text-accent">
          {state.error}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void resume()}
        disabled={!hydrated || state.busy}
        className="mt-4 rounded bg-accent px-4 py-2 font-medium text-accent-ink disabled:opacity-60"
      >
        {state.busy ? 'Resuming…' : 'Resume membership'}
      </button>
    </div>
  );
}
